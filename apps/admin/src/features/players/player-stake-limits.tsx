import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, InputNumber, Modal, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { taiqiuAdmin } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { MoneyText } from '../../components/money-text';
import { call, errorText } from '../../lib/api';
import { fieldRule, optionalFieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { playerTexts as t } from './texts';

type Limits = taiqiuAdmin.PlayerStakeLimits;

const fields = taiqiuAdmin.playerLimitsSet.request.shape;
/** The factor travels in basis points of every market's maximum stake; the operator types a multiplier. */
const FULL_BP = 10_000;
const toFactorBp = (factor: number) => Math.round(factor * FULL_BP);

interface Values {
  factor: number;
  maxStake: number | null;
  reason: string;
}

/** Sets the factor and the maximum stake with a required reason (audited); a refusal shows and the dialog stays. */
function StakeLimitsModal({ username, limits, onClose }: { username: string; limits: Limits; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useAction(taiqiuAdmin.playerLimitsSet, {
    done: t.stakeLimitsSaved,
    refresh: [taiqiuAdmin.playerLimits],
    onSuccess: onClose,
  });
  const submit = (v: Values) =>
    save.mutate({
      userId: limits.userId,
      stakeFactorBp: toFactorBp(v.factor),
      maxStake: v.maxStake === null || v.maxStake === undefined ? null : toMinor(v.maxStake),
      reason: v.reason,
    });
  return (
    <Modal
      open
      title={t.stakeLimitsTitle(username)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      <Alert type="info" showIcon title={t.stakeLimitsHint} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          factor: limits.stakeFactorBp / FULL_BP,
          maxStake: limits.maxStake === null ? null : limits.maxStake / 100,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="factor"
          label={t.stakeFactorField}
          extra={t.stakeFactorHint}
          rules={[fieldRule(fields.stakeFactorBp, toFactorBp)]}
        >
          <InputNumber min={0.01} max={1} step={0.05} suffix="×" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="maxStake"
          label={t.maxStakeField}
          extra={t.maxStakeFieldHint}
          rules={[optionalFieldRule(fields.maxStake, toMinor)]}
        >
          <InputNumber
            min={0.01}
            precision={2}
            step={100}
            prefix="¥"
            placeholder={t.noLimit}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <ReasonField label={t.reason} required={t.reasonRequired} />
      </Form>
    </Modal>
  );
}

function StakeLimitsCard({ userId, username }: { userId: number; username: string }) {
  const may = useMay();
  const [editing, setEditing] = useState(false);
  const input = { userId };
  const { data, error } = useQuery({
    queryKey: callKey(taiqiuAdmin.playerLimits, input),
    queryFn: () => call(taiqiuAdmin.playerLimits, input),
  });
  const edit = data && may(taiqiuAdmin.playerLimitsSet) && (
    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
      {t.stakeLimitsEdit}
    </Button>
  );
  return (
    <Card variant="borderless" title={t.stakeLimits} extra={edit} data-testid="player-stake-limits">
      {error ? (
        <Alert type="error" showIcon title={errorText(error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t.stakeFactor}>
            <Typography.Text strong data-testid="stake-factor">
              {t.stakeFactorOf(data.stakeFactorBp)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {t.stakeFactorHint}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t.maxStake}>
            <span data-testid="max-stake">
              {data.maxStake === null ? (
                <Typography.Text type="secondary">{t.noLimit}</Typography.Text>
              ) : (
                <MoneyText value={data.maxStake} />
              )}
            </span>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {t.maxStakeHint}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      {editing && data && <StakeLimitsModal username={username} limits={data} onClose={() => setEditing(false)} />}
    </Card>
  );
}

/**
 * 台球投注限额 (docs/design.md §9, "Limits"): every billiards market's maximum stake times the
 * player's factor, and at most their own maximum; shown to the roles that trade, set by risk.
 */
export function PlayerStakeLimits({ userId, username }: { userId: number; username: string }) {
  const may = useMay();
  return may(taiqiuAdmin.playerLimits) ? <StakeLimitsCard userId={userId} username={username} /> : null;
}
