import { useState } from 'react';
import {
  Button,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Row,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { FormInstance } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { fieldRule } from '../../lib/contract-rules';
import { money, toMinor } from '../../lib/money';
import { useMay } from '../../lib/use-may';
import { TYPE_GROUPS } from './market-groups';
import { RulesDialog } from './rules-dialog';
import { useRulesForm } from './use-rules-form';
import { billiardsTexts as t } from './texts';

type MarketType = taiqiu.MarketType;
type Rules = taiqiu.ParlayRuleSet;

const fields = taiqiuAdmin.parlaySettingsSet.request.shape;

/** The form's one state: the rules as typed (the return in yuan) and the reason. */
interface Values {
  maxLegs: number;
  maxReturn: number;
  legTypes: MarketType[];
  reason: string;
}

const valuesOf = (rules: Rules): Omit<Values, 'reason'> => ({
  maxLegs: rules.maxLegs,
  maxReturn: rules.maxReturn / 100,
  legTypes: rules.legTypes,
});

/** Types in the book's order, whatever order they were ticked in. */
const inBookOrder = (types: MarketType[]) => taiqiu.marketTypes.filter((type) => types.includes(type));
const typeName = (type: MarketType) => t.marketTypes[type] ?? type;

const formFields = ['maxLegs', 'maxReturn', 'legTypes', 'reason'] as const;

/** The rules as stored: what the form starts from. */
function CurrentRules({ rules }: { rules: Rules }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      title={<Typography.Text type="secondary">{t.parlayNow}</Typography.Text>}
      styles={{ header: { marginBottom: 8 } }}
      style={{ marginBottom: 20 }}
      data-testid="parlay-now"
    >
      <Descriptions.Item label={t.maxLegs}>{t.maxLegsOf(rules.maxLegs)}</Descriptions.Item>
      <Descriptions.Item label={t.maxReturn}>
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{money(rules.maxReturn)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t.legTypes} span={2}>
        {rules.legTypes.length === 0 ? (
          <Typography.Text type="warning">{t.legTypesNone}</Typography.Text>
        ) : (
          <Flex wrap gap={4}>
            {inBookOrder(rules.legTypes).map((type) => (
              <Tag key={type} color="blue" style={{ marginInlineEnd: 0 }}>
                {typeName(type)}
              </Tag>
            ))}
          </Flex>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 可串关玩法: a checkbox per market type, in the groups of 盘口设置, each group ticked whole or cleared. */
function LegTypesInput({
  value = [],
  onChange,
  disabled = false,
}: {
  value?: MarketType[];
  onChange?: (types: MarketType[]) => void;
  disabled?: boolean;
}) {
  const { token } = theme.useToken();
  const set = (types: MarketType[]) => onChange?.(inBookOrder(types));
  return (
    <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadiusLG }}>
      {TYPE_GROUPS.map(({ key, types }, i) => {
        const on = types.filter((type) => value.includes(type));
        const others = value.filter((type) => !types.includes(type));
        const all = on.length === types.length;
        return (
          <Flex
            key={key}
            gap={12}
            align="flex-start"
            role="group"
            aria-label={t.groups[key]}
            style={{
              padding: '10px 12px',
              borderTop: i > 0 ? `1px solid ${token.colorBorderSecondary}` : undefined,
            }}
          >
            <Flex vertical style={{ flex: 'none', width: 56 }}>
              <Typography.Text strong>{t.groups[key]}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
                {t.openOf(on.length, types.length)}
              </Typography.Text>
            </Flex>
            <Checkbox.Group
              value={on}
              disabled={disabled}
              onChange={(next) => set([...others, ...next])}
              style={{ flex: 1, rowGap: 8 }}
            >
              {types.map((type) => (
                <Tooltip key={type} title={t.marketTypeHints[type]} mouseEnterDelay={0.4}>
                  <Checkbox value={type} style={{ width: 132 }}>
                    {typeName(type)}
                  </Checkbox>
                </Tooltip>
              ))}
            </Checkbox.Group>
            {!disabled && (
              <Typography.Link
                style={{ flex: 'none', fontSize: 12, lineHeight: '22px' }}
                onClick={() => set(all ? others : [...others, ...types])}
                aria-label={`${t.groups[key]} ${all ? t.noneOf : t.allOf}`}
              >
                {all ? t.noneOf : t.allOf}
              </Typography.Link>
            )}
          </Flex>
        );
      })}
    </div>
  );
}

/** The rules' form, started from the stored rules; read only without parlaySettingsSet. */
function ParlayForm({
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
  const legTypes = Form.useWatch('legTypes', form) ?? rules.legTypes;
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
        <Col span={9}>
          <Form.Item
            name="maxLegs"
            label={t.maxLegs}
            extra={t.maxLegsHint(taiqiu.PARLAY_MAX_LEGS)}
            rules={[fieldRule(fields.maxLegs)]}
          >
            <InputNumber
              min={2}
              max={taiqiu.PARLAY_MAX_LEGS}
              precision={0}
              suffix={t.legsUnit}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={15}>
          <Form.Item
            name="maxReturn"
            label={t.maxReturnYuan}
            extra={t.maxReturnHint}
            rules={[fieldRule(fields.maxReturn, toMinor)]}
          >
            <InputNumber min={0.01} precision={2} step={1000} prefix="¥" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="legTypes"
        label={
          <Flex gap={8} align="baseline">
            {t.legTypes}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.legTypesCount(legTypes.length, taiqiu.marketTypes.length)}
            </Typography.Text>
          </Flex>
        }
        extra={
          legTypes.length === 0 && (
            <Typography.Text type="warning" role="alert">
              {t.legTypesNone}
            </Typography.Text>
          )
        }
      >
        <LegTypesInput disabled={!editable} />
      </Form.Item>
      {editable && <ReasonField label={t.reason} required={t.reasonRequired} />}
    </Form>
  );
}

/**
 * 串关设置: the book's parlay rules as stored, and a form to set them with a required reason
 * (audited). Mounted per opening: the form starts from the rules read then. A refusal shows under
 * the field it names, or above the form; the dialog stays open.
 */
function ParlaySettingsModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { editable, submit, dialog } = useRulesForm(form, taiqiuAdmin.parlaySettings, taiqiuAdmin.parlaySettingsSet, {
    done: t.parlaySaved,
    fieldOf: (f) => formFields.find((x) => x === f),
    onClose,
  });
  const save = (v: Values) =>
    submit({
      maxLegs: v.maxLegs,
      maxReturn: toMinor(v.maxReturn),
      legTypes: inBookOrder(v.legTypes),
      reason: v.reason,
    });
  return (
    <RulesDialog
      icon={<ApartmentOutlined />}
      title={t.parlay}
      width={680}
      hint={{ editable: t.parlayHint, readOnly: t.parlayReadOnly }}
      {...dialog}
    >
      {(rules) => (
        <>
          <CurrentRules rules={rules} />
          <ParlayForm form={form} rules={rules} editable={editable} onSave={save} />
        </>
      )}
    </RulesDialog>
  );
}

/** The page's 串关设置 button (only for an operator who may read the rules) and its dialog. */
export function ParlaySettingsButton() {
  const may = useMay();
  const [open, setOpen] = useState(false);
  if (!may(taiqiuAdmin.parlaySettings)) return null;
  return (
    <>
      <Button icon={<ApartmentOutlined />} onClick={() => setOpen(true)}>
        {t.parlay}
      </Button>
      {open && <ParlaySettingsModal onClose={() => setOpen(false)} />}
    </>
  );
}
