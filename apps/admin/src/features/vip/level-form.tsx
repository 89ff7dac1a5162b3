import { Form, InputNumber, Modal } from 'antd';
import { vipAdmin, type vip } from '@breakshot/contracts';
import { fieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { vipTexts as t } from './texts';

const fields = vipAdmin.vipLevelSave.request.shape;
const moneyFields = ['minValidBet', 'minDeposits', 'upgradeBonus', 'weeklyGift', 'monthlyGift'] as const;
type Values = Record<(typeof moneyFields)[number] | 'turnoverMultiple' | 'withdrawalsPerDay', number>;

/** Edits one level: amounts typed in yuan, sent in minor units; the server refuses thresholds out of order. */
export function LevelForm({ level, onClose }: { level: vip.VipLevel | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useAction(vipAdmin.vipLevelSave, {
    done: (l) => t.levelSaved(l.level),
    refresh: [vipAdmin.vipLevelsList],
    onSuccess: onClose,
  });
  const initial =
    level &&
    ({
      ...Object.fromEntries(moneyFields.map((f) => [f, level[f] / 100])),
      turnoverMultiple: level.turnoverMultiple,
      withdrawalsPerDay: level.withdrawalsPerDay,
    } as Values);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !level) return;
    save.mutate({
      level: level.level,
      ...(Object.fromEntries(moneyFields.map((f) => [f, toMinor(v[f])])) as Record<
        (typeof moneyFields)[number],
        number
      >),
      turnoverMultiple: v.turnoverMultiple,
      withdrawalsPerDay: v.withdrawalsPerDay,
    });
  };
  return (
    <Modal
      open={level !== null}
      title={level && t.levelTitle(level.level)}
      okText={t.save}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial ?? undefined} requiredMark={false}>
        {moneyFields.map((f) => (
          <Form.Item key={f} name={f} label={t.yuan(t[f])} rules={[fieldRule(fields[f], toMinor)]}>
            <InputNumber style={{ width: '100%' }} min={0} precision={2} prefix="¥" />
          </Form.Item>
        ))}
        <Form.Item
          name="turnoverMultiple"
          label={t.turnoverMultiple}
          extra={t.turnoverMultipleHint}
          rules={[fieldRule(fields.turnoverMultiple)]}
        >
          <InputNumber style={{ width: '100%' }} min={0} precision={0} />
        </Form.Item>
        <Form.Item name="withdrawalsPerDay" label={t.withdrawalsPerDay} rules={[fieldRule(fields.withdrawalsPerDay)]}>
          <InputNumber style={{ width: '100%' }} min={0} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
