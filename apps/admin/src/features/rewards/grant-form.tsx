import { useMemo } from 'react';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { rewardsAdmin } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { fieldRule } from '../../lib/contract-rules';
import { money, toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { rewardTexts as t } from './texts';

const fields = rewardsAdmin.rewardGrant.request.shape;
type Values = { username: string; amount: number; turnoverMultiple: number; validDays: number; reason: string };

/** An operator's reward for one player: the amount typed in yuan, sent in minor units. */
export function GrantForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  // One id per opening of the form: a resend after a lost answer grants once.
  const requestId = useMemo(() => (open ? crypto.randomUUID() : ''), [open]);
  const grant = useAction(rewardsAdmin.rewardGrant, {
    done: (r) => t.granted(r.username, money(r.amount)),
    refresh: [rewardsAdmin.rewardsList],
    onSuccess: onClose,
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) grant.mutate({ ...v, username: v.username.trim(), amount: toMinor(v.amount), requestId });
  };
  return (
    <Modal
      open={open}
      title={t.grantTitle}
      okText={t.grant}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={grant.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t.grantHint} style={{ marginBottom: 16 }} />
      {/* Named: its field ids must not be the list filters' (both have a username). */}
      <Form
        form={form}
        name="grant"
        layout="vertical"
        preserve={false}
        initialValues={{ turnoverMultiple: 1, validDays: 7 }}
        requiredMark={false}
      >
        <Form.Item name="username" label={t.username} rules={[fieldRule(fields.username)]}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="amount" label={t.grantAmount} rules={[fieldRule(fields.amount, toMinor)]}>
          <InputNumber style={{ width: '100%' }} min={0.01} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item name="turnoverMultiple" label={t.turnoverMultiple} rules={[fieldRule(fields.turnoverMultiple)]}>
          <InputNumber style={{ width: '100%' }} min={0} precision={0} />
        </Form.Item>
        <Form.Item name="validDays" label={t.validDays} rules={[fieldRule(fields.validDays)]}>
          <InputNumber style={{ width: '100%' }} min={1} precision={0} />
        </Form.Item>
        <ReasonField label={t.reason} required={t.reasonRequired} />
      </Form>
    </Modal>
  );
}
