import { useState } from 'react';
import { Button, Col, Descriptions, Form, InputNumber, Row, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { TransactionOutlined } from '@ant-design/icons';
import { taiqiuAdmin, type cashout } from '@breakshot/contracts';
import type { z } from 'zod';
import { ReasonField } from '../../components/reason-field';
import { percent, toBp } from '../../lib/basis-points';
import { fieldRule } from '../../lib/contract-rules';
import { useMay } from '../../lib/use-may';
import { RulesDialog } from './rules-dialog';
import { useRulesForm } from './use-rules-form';
import { billiardsTexts as t } from './texts';

type Rules = cashout.CashoutRuleSet;

const fields = taiqiuAdmin.cashoutSettingsSet.request.shape;
/** The contract's limits (basis points), typed in percent. */
const maxPct = (field: z.ZodNumber) => (field.maxValue ?? 5_000) / 100;
const MAX_MARGIN_PCT = maxPct(fields.marginBp);
const MAX_TOLERANCE_PCT = maxPct(fields.toleranceBp);

/** The form's one state: the rates typed in percent, and the reason. */
interface Values {
  marginPct: number;
  tolerancePct: number;
  reason: string;
}

const valuesOf = (rules: Rules): Omit<Values, 'reason'> => ({
  marginPct: rules.marginBp / 100,
  tolerancePct: rules.toleranceBp / 100,
});

/**
 * A rate typed in percent: required, within 0 and `max` (said in percent), then the contract's
 * own check of the basis points it is sent as.
 */
function pctRules(schema: z.ZodType, max: number): FormRule[] {
  return [
    {
      validator: async (_, value: unknown) => {
        if (typeof value !== 'number') return; // the contract rule says it is required
        if (value < 0) throw new Error(t.pctTooSmall);
        if (value > max) throw new Error(t.pctTooBig(max));
      },
    },
    fieldRule(schema, toBp),
  ];
}

/** The form's field each server field is typed in. */
const formField: Record<string, keyof Values> = {
  marginBp: 'marginPct',
  toleranceBp: 'tolerancePct',
  reason: 'reason',
};

/** The rules as stored: what the form starts from. */
function CurrentRules({ rules }: { rules: Rules }) {
  const rate = (bp: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{percent(bp)}</span>;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      title={<Typography.Text type="secondary">{t.cashoutNow}</Typography.Text>}
      styles={{ header: { marginBottom: 8 } }}
      style={{ marginBottom: 20 }}
      data-testid="cashout-now"
    >
      <Descriptions.Item label={t.cashoutMargin}>{rate(rules.marginBp)}</Descriptions.Item>
      <Descriptions.Item label={t.cashoutTolerance}>{rate(rules.toleranceBp)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The rules' form, started from the stored rules; read only without cashoutSettingsSet. */
function CashoutForm({
  form,
  rules,
  editable,
  onSave,
}: {
  form: FormInstance<Values>;
  rules: Rules;
  editable: boolean;
  onSave: (values: Values) => void;
}) {
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!editable}
      initialValues={valuesOf(rules)}
      onFinish={onSave}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="marginPct"
            label={t.cashoutMarginPct}
            extra={t.cashoutMarginHint(MAX_MARGIN_PCT)}
            rules={pctRules(fields.marginBp, MAX_MARGIN_PCT)}
          >
            <InputNumber precision={2} step={0.5} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="tolerancePct"
            label={t.cashoutTolerancePct}
            extra={t.cashoutToleranceHint(MAX_TOLERANCE_PCT)}
            rules={pctRules(fields.toleranceBp, MAX_TOLERANCE_PCT)}
          >
            <InputNumber precision={2} step={0.5} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {editable && <ReasonField label={t.reason} required={t.reasonRequired} />}
    </Form>
  );
}

/**
 * 提前结算设置: the book's cash-out margin and tolerance as stored (in percent), and a form to set
 * them with a required reason (audited). Mounted per opening: the form starts from the rules read
 * then. A refusal shows under the field it names, or above the form; the dialog stays open.
 */
function CashoutSettingsModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { editable, submit, dialog } = useRulesForm(form, taiqiuAdmin.cashoutSettings, taiqiuAdmin.cashoutSettingsSet, {
    done: t.cashoutSaved,
    fieldOf: (f) => formField[f],
    onClose,
  });
  const save = (v: Values) =>
    submit({ marginBp: toBp(v.marginPct), toleranceBp: toBp(v.tolerancePct), reason: v.reason });
  return (
    <RulesDialog
      icon={<TransactionOutlined />}
      title={t.cashoutSettings}
      width={560}
      hint={{ editable: t.cashoutHint, readOnly: t.cashoutReadOnly }}
      {...dialog}
    >
      {(rules) => (
        <>
          <CurrentRules rules={rules} />
          <CashoutForm form={form} rules={rules} editable={editable} onSave={save} />
        </>
      )}
    </RulesDialog>
  );
}

/** The page's 提前结算设置 button (only for an operator who may read the rules) and its dialog. */
export function CashoutSettingsButton() {
  const may = useMay();
  const [open, setOpen] = useState(false);
  if (!may(taiqiuAdmin.cashoutSettings)) return null;
  return (
    <>
      <Button icon={<TransactionOutlined />} onClick={() => setOpen(true)}>
        {t.cashoutSettings}
      </Button>
      {open && <CashoutSettingsModal onClose={() => setOpen(false)} />}
    </>
  );
}
