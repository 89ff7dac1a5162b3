import { useState } from 'react';
import { Alert, App, DatePicker, Form, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { agentSettlementsAdmin as settlements, type DataOf } from '@breakshot/contracts';
import { money } from '../../lib/money';
import { sitePickerNow } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { agentTexts as t } from './texts';

type Kind = settlements.SettlementKind;
type Answer = DataOf<typeof settlements.settlementRun>;
interface Values {
  kind: Kind;
  day: Dayjs;
}

const MONDAY = 1;

/** What a run wrote: statements and the amount paid, nothing (nobody earned), or nothing because it was settled before. */
function Outcome({ answer }: { answer: Answer }) {
  const kind = t.settlementKinds[answer.kind]!;
  if (answer.alreadySettled) {
    return <Alert type="warning" showIcon title={t.alreadySettled(answer.period, kind)} style={{ marginBottom: 16 }} />;
  }
  return (
    <Alert
      type={answer.statements > 0 ? 'success' : 'info'}
      showIcon
      title={
        answer.statements > 0
          ? t.settled(answer.period, kind, answer.statements, money(answer.paid))
          : t.nobodyEarned(answer.period, kind)
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * Settles one period by hand (the scheduler settles yesterday's commission and last week's
 * dividend on its own): a day for commission, a Monday for the dividend week. Asked first, as it
 * pays at once; the answer stays on the form and the statements list refreshes.
 */
export function SettleForm({ onClose }: { onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'commission';
  const run = useAction(settlements.settlementRun, {
    refresh: [settlements.statementsList],
    onSuccess: setAnswer,
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const period = v.day.format('YYYY-MM-DD');
    const ok = await modal.confirm({
      title: t.settleConfirm(period, t.settlementKinds[v.kind]!),
      content: t.settleConfirmHint,
      okText: t.settleRun,
    });
    if (!ok) return;
    setAnswer(null);
    run.mutate({ kind: v.kind, period });
  };

  return (
    <Modal
      open
      width={520}
      title={t.settleTitle}
      okText={t.settleRun}
      confirmLoading={run.isPending}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t.settleHint}</Typography.Paragraph>
      {answer && <Outcome answer={answer} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'commission' }}
        onValuesChange={() => setAnswer(null)}
      >
        <Form.Item name="kind" label={t.settleKind}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={settlements.settlementKinds.map((k) => ({ value: k, label: t.settlementKinds[k] }))}
          />
        </Form.Item>
        <Form.Item
          name="day"
          label={t.settleDay}
          dependencies={['kind']}
          extra={kind === 'dividend' ? t.dividendDayHint : t.commissionDayHint}
          rules={[
            { required: true, message: t.dayRequired },
            ({ getFieldValue }) => ({
              validator: async (_, day: Dayjs | null) => {
                if (day && getFieldValue('kind') === 'dividend' && day.day() !== MONDAY) throw new Error(t.notMonday);
              },
            }),
          ]}
        >
          <DatePicker
            style={{ width: 200 }}
            aria-label={t.settleDay}
            disabledDate={(d) => d.isAfter(sitePickerNow(), 'day') || (kind === 'dividend' && d.day() !== MONDAY)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
