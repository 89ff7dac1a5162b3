import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Modal, Space } from 'antd';
import { DollarOutlined, LockOutlined, UnlockOutlined, ScissorOutlined } from '@ant-design/icons';
import { playersAdmin } from '@breakshot/contracts';
import { money, toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { playerTexts as t } from './texts';
import { ReasonField } from '../../components/reason-field';

type Dialog = 'status' | 'adjust' | 'waive' | null;

const refresh = [playersAdmin.playerDetail, playersAdmin.playersList, playersAdmin.playerLedger];

/** Freeze / unfreeze, adjust balance, waive turnover: each behind a form with a required reason. */
export function PlayerActions({ username, status }: { username: string; status: 'active' | 'disabled' }) {
  const may = useMay();
  const [open, setOpen] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const close = () => {
    setOpen(null);
    form.resetFields();
  };

  const setStatus = useAction(playersAdmin.playerSetStatus, {
    done: (d) => (d.status === 'disabled' ? t.frozenDone(d.sessionsEnded) : t.unfrozenDone),
    refresh,
    onSuccess: close,
  });
  const adjust = useAction(playersAdmin.balanceAdjust, {
    done: (d) => t.adjustDone(money(d.balance)),
    refresh,
    onSuccess: close,
  });
  const waive = useAction(playersAdmin.turnoverWaive, {
    done: (d) => t.waiveDone(money(d.waived)),
    refresh,
    onSuccess: close,
  });

  const freezing = status === 'active';
  const submit = async () => {
    const v = (await form.validateFields().catch(() => null)) as {
      reason: string;
      amount?: number;
      turnoverMultiple?: number;
    } | null;
    if (!v) return;
    if (open === 'status') setStatus.mutate({ username, status: freezing ? 'disabled' : 'active', reason: v.reason });
    if (open === 'adjust') {
      adjust.mutate({
        username,
        amount: toMinor(v.amount ?? 0),
        reason: v.reason,
        requestId: crypto.randomUUID(),
        turnoverMultiple: v.turnoverMultiple ?? undefined,
      });
    }
    if (open === 'waive') waive.mutate({ username, reason: v.reason });
  };

  const title =
    open === 'status'
      ? freezing
        ? t.freezeTitle(username)
        : t.unfreezeTitle(username)
      : open === 'adjust'
        ? t.adjustTitle(username)
        : t.waiveTitle(username);

  return (
    <>
      <Space wrap>
        {may(playersAdmin.playerSetStatus) && (
          <Button
            danger={freezing}
            icon={freezing ? <LockOutlined /> : <UnlockOutlined />}
            onClick={() => setOpen('status')}
          >
            {freezing ? t.freeze : t.unfreeze}
          </Button>
        )}
        {may(playersAdmin.balanceAdjust) && (
          <Button type="primary" icon={<DollarOutlined />} onClick={() => setOpen('adjust')}>
            {t.adjust}
          </Button>
        )}
        {may(playersAdmin.turnoverWaive) && (
          <Button icon={<ScissorOutlined />} onClick={() => setOpen('waive')}>
            {t.waive}
          </Button>
        )}
      </Space>
      <Modal
        open={open !== null}
        title={title}
        onCancel={close}
        onOk={() => void submit()}
        okButtonProps={{ danger: open === 'status' && freezing }}
        confirmLoading={setStatus.isPending || adjust.isPending || waive.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {open === 'status' && freezing && (
            <Alert type="warning" showIcon title={t.freezeHint} style={{ marginBottom: 16 }} />
          )}
          {open === 'adjust' && (
            <>
              <Form.Item
                name="amount"
                label={t.adjustAmount}
                required
                extra={t.adjustAmountHint}
                rules={[
                  {
                    validator: (_, v: number | null) =>
                      v && toMinor(v) !== 0 ? Promise.resolve() : Promise.reject(new Error(t.adjustAmountRequired)),
                  },
                ]}
              >
                <InputNumber style={{ width: '100%' }} precision={2} step={100} prefix="¥" />
              </Form.Item>
              <Form.Item name="turnoverMultiple" label={t.turnoverMultiple} extra={t.turnoverMultipleHint}>
                <InputNumber style={{ width: '100%' }} min={0} max={100} precision={0} />
              </Form.Item>
            </>
          )}
          <ReasonField label={t.reason} required={t.reasonRequired} />
        </Form>
      </Modal>
    </>
  );
}
