import { useState } from 'react';
import { Button, Col, Divider, Form, InputNumber, Row, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { taiqiuAdmin, type taiqiu } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { optionalFieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { useMay } from '../../lib/use-may';
import { TYPE_GROUPS } from './market-groups';
import { RulesDialog } from './rules-dialog';
import { useRulesForm } from './use-rules-form';
import { billiardsTexts as t } from './texts';

type MarketType = taiqiu.MarketType;
type Rules = taiqiuAdmin.TradingRuleSet;

/**
 * The form's one state: each type's default limit, the big-bet stake and the amount above which a
 * result correction waits for a second operator, in yuan (null: none), and the reason.
 */
interface Values {
  limits: Partial<Record<MarketType, number | null>>;
  bigBet: number | null;
  correctionSecondAbove: number | null;
  reason: string;
}

const toYuan = (minor: number | null) => (minor === null ? null : minor / 100);
const toMinorOrNull = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : toMinor(yuan));

const valuesOf = (rules: Rules): Omit<Values, 'reason'> => ({
  limits: Object.fromEntries(rules.liabilityLimits.map((l) => [l.type, toYuan(l.liabilityLimit)])),
  bigBet: toYuan(rules.bigBet),
  correctionSecondAbove: toYuan(rules.correctionSecondAbove),
});

const limitRule = optionalFieldRule(taiqiuAdmin.typeLimit.shape.liabilityLimit, toMinor);
const bigBetRule = optionalFieldRule(taiqiuAdmin.tradingRulesSet.request.shape.bigBet, toMinor);
const secondAboveRule = optionalFieldRule(taiqiuAdmin.tradingRulesSet.request.shape.correctionSecondAbove, toMinor);
/** A refusal naming one row of the limits shows above the form: only these have a field of their own. */
const formFields = ['bigBet', 'correctionSecondAbove', 'reason'] as const;

/** An amount in yuan; left empty it is none (`placeholder` says what that means). */
const yuanInput = (placeholder: string) => (
  <InputNumber min={0.01} precision={2} step={1000} prefix="¥" placeholder={placeholder} style={{ width: '100%' }} />
);

/**
 * The rules' form: each market type's default limit in the groups of 盘口设置, then the big-bet
 * stake beside the correction's second-operator amount.
 */
function TradingForm({
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
      <Typography.Text strong>{t.defaultLimits}</Typography.Text>
      {TYPE_GROUPS.map(({ key, types }) => (
        <div key={key} role="group" aria-label={t.groups[key]}>
          <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
            {t.groups[key]}
          </Divider>
          <Row gutter={16}>
            {types.map((type) => (
              <Col key={type} span={8}>
                <Form.Item
                  name={['limits', type]}
                  label={t.marketTypes[type] ?? type}
                  rules={[limitRule]}
                  style={{ marginBottom: 12 }}
                >
                  {yuanInput(t.limitNone)}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </div>
      ))}
      <Divider style={{ margin: '8px 0 16px' }} />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="bigBet" label={t.bigBet} extra={t.bigBetHint} rules={[bigBetRule]}>
            {yuanInput(t.bigBetOff)}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="correctionSecondAbove"
            label={t.correctionSecondAbove}
            extra={t.correctionSecondAboveHint}
            rules={[secondAboveRule]}
          >
            {yuanInput(t.correctionSecondOff)}
          </Form.Item>
        </Col>
      </Row>
      {editable && <ReasonField label={t.reason} required={t.reasonRequired} />}
    </Form>
  );
}

/**
 * 风控设置: the book's default liability limit of each market type, the big-bet stake and the
 * correction's second-operator amount, set by an admin with a required reason (audited); other
 * roles read them. Mounted per opening: the form starts from the rules read then.
 */
function TradingRulesModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { editable, submit, dialog } = useRulesForm(form, taiqiuAdmin.tradingRules, taiqiuAdmin.tradingRulesSet, {
    done: t.tradingSaved,
    fieldOf: (f) => formFields.find((x) => x === f),
    onClose,
  });
  const save = (v: Values) =>
    submit({
      liabilityLimits: TYPE_GROUPS.flatMap(({ types }) =>
        types.map((type) => ({ type, liabilityLimit: toMinorOrNull(v.limits[type]) })),
      ),
      bigBet: toMinorOrNull(v.bigBet),
      correctionSecondAbove: toMinorOrNull(v.correctionSecondAbove),
      reason: v.reason,
    });
  return (
    <RulesDialog
      icon={<AlertOutlined />}
      title={t.tradingRules}
      width={720}
      hint={{ editable: t.tradingHint, readOnly: t.tradingReadOnly }}
      {...dialog}
    >
      {(rules) => <TradingForm form={form} rules={rules} editable={editable} onSave={save} />}
    </RulesDialog>
  );
}

/** The page's 风控设置 button (only for an operator who may read the rules) and its dialog. */
export function TradingRulesButton() {
  const may = useMay();
  const [open, setOpen] = useState(false);
  if (!may(taiqiuAdmin.tradingRules)) return null;
  return (
    <>
      <Button icon={<AlertOutlined />} onClick={() => setOpen(true)}>
        {t.tradingRules}
      </Button>
      {open && <TradingRulesModal onClose={() => setOpen(false)} />}
    </>
  );
}
