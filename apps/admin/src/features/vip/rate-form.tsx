import { Form, InputNumber, Modal } from 'antd';
import { vipAdmin, rebates, type GameType } from '@breakshot/contracts';
import { fieldRule } from '../../lib/contract-rules';
import { useAction } from '../../lib/use-action';
import { percent, toBp } from '../../lib/basis-points';
import { vipTexts as t } from './texts';

/** The rebate cell being edited: a level and a game type with its rate now. */
export interface RateCell {
  level: number;
  gameType: GameType;
  rateBp: number;
}

/** Sets one cell of the rebate table: typed in percent (two decimals), sent in basis points. */
export function RateForm({ cell, onClose }: { cell: RateCell | null; onClose: () => void }) {
  const [form] = Form.useForm<{ rate: number }>();
  const game = cell ? (t.gameTypes[cell.gameType] ?? cell.gameType) : '';
  const save = useAction(vipAdmin.rebateRateSave, {
    done: () => t.rateSaved(cell!.level, game, percent(toBp(form.getFieldValue('rate') as number))),
    refresh: [vipAdmin.vipLevelsList],
    onSuccess: onClose,
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v && cell) save.mutate({ vipLevel: cell.level, gameType: cell.gameType, rateBp: toBp(v.rate) });
  };
  return (
    <Modal
      open={cell !== null}
      title={cell && t.rateTitle(cell.level, game)}
      okText={t.save}
      width={420}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={cell ? { rate: cell.rateBp / 100 } : undefined}
        requiredMark={false}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="rate"
          label={t.rate}
          extra={t.rateHint(percent(rebates.MAX_REBATE_RATE_BP))}
          rules={[fieldRule(rebates.rateBp, toBp)]}
        >
          <InputNumber style={{ width: '100%' }} min={0} step={0.1} precision={2} suffix="%" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
