import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  Alert,
  Button,
  Col,
  ColorPicker,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import type { RuleObject } from 'antd/es/form';
import { promotionsAdmin, validationText, vip, type promotions } from '@breakshot/contracts';
import { LANGUAGE, errorText } from '../../lib/api';
import { fieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { BannerPreview } from './banner-preview';
import { fieldError, newValues, storedValues, toInput, type PromotionValues } from './form-values';
import { RulesEditor } from './rules-editor';
import { RulesPreview } from './rules-preview';
import { promotionTexts as t } from './texts';

type PromotionType = promotions.PromotionType;
type AdminPromotion = promotionsAdmin.AdminPromotion;

/** What the drawer edits: a stored promotion, or a new one of the type chosen. */
export interface Editing {
  type: PromotionType;
  promotion: AdminPromotion | null;
}

const fields = promotionsAdmin.promotionInput.shape;

/** A contract rule for a field that may stay empty (null is sent): checked only when filled. */
const whenFilled = (rule: FormRule): FormRule => ({
  validator: async (r, value, callback) => {
    if (value !== null && value !== undefined && value !== '')
      await (rule as RuleObject).validator!(r as RuleObject, value, callback);
  },
});

/** Both ends, and the end after the start (the server's rule, in its words). */
const periodRule: FormRule = {
  validator: async (_, range: [Dayjs | null, Dayjs | null] | null | undefined) => {
    if (!range?.[0] || !range[1]) throw new Error(validationText('required', LANGUAGE));
    if (!range[1].isAfter(range[0])) throw new Error(validationText('promotion.period', LANGUAGE));
  },
};

const textPairs = [
  ['titleZh', 'titleEn', 40, 80],
  ['summaryZh', 'summaryEn', 80, 160],
  ['audienceZh', 'audienceEn', 80, 160],
] as const;

const vipOptions = Array.from({ length: vip.MAX_VIP_LEVEL + 1 }, (_, n) => ({ value: n, label: t.vip(n) }));
const colorPresets = [
  {
    label: '',
    colors: ['#ff4d6d', '#ff9a3c', '#f7971e', '#ffd200', '#c31432', '#f5af19', '#11998e', '#38ef7d', '#7f00ff'],
  },
];

function ColorField({ name, label }: { name: 'bannerFrom' | 'bannerTo'; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[fieldRule(fields[name])]}
      getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
    >
      <ColorPicker showText disabledAlpha presets={colorPresets} />
    </Form.Item>
  );
}

/**
 * A promotion's form in a drawer: texts in both languages, banner, period, reward terms and the
 * type's rules; amounts typed in yuan and rates in percent, sent in minor units and basis points.
 * The type is chosen before and fixed. A field the server refuses shows its message under it.
 * Mounted per opening: its form starts from this promotion's values, never the last one's.
 */
export function PromotionForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<PromotionValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const [lang, setLang] = useState<'zh' | 'en'>('zh');
  const live = (Form.useWatch([], form) ?? {}) as Partial<PromotionValues>;
  const save = useAction(promotionsAdmin.promotionSave, {
    done: (p) => t.saved(p.titleZh),
    refresh: [promotionsAdmin.promotionsList],
    onSuccess: onClose,
  });
  const { type, promotion } = editing;

  const submit = (values: PromotionValues) => {
    setProblem(null);
    save.mutate(
      { id: promotion?.id, promotion: toInput(type, values) },
      {
        onError: (err) => {
          const field = fieldError(err);
          if (!field) return setProblem(errorText(err));
          form.setFields([{ name: field.name, errors: [field.message] }]);
          form.scrollToField(field.name);
        },
      },
    );
  };
  const zh = lang === 'zh';
  return (
    <Drawer
      open
      size={960}
      title={promotion ? t.editOf(promotion.titleZh) : t.createTitle(t.typeNames[type] ?? type)}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t.save}
          </Button>
        </Space>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        requiredMark={false}
        scrollToFirstError
        initialValues={promotion ? storedValues(promotion) : newValues(type)}
        onFinish={submit}
      >
        <Divider titlePlacement="start">{t.sectionBasics}</Divider>
        <Row gutter={24}>
          <Col span={4}>
            <Form.Item label={t.type} extra={promotion ? t.typeFixed : undefined}>
              <Tag color={t.typeColors[type]} style={{ marginTop: 5 }}>
                {t.typeNames[type] ?? type}
              </Tag>
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="period" label={t.period} extra={t.periodHint} rules={[periodRule]}>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                aria-label={t.period}
              />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
              <Switch aria-label={t.enabled} />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name="sort" label={t.sort} extra={t.sortHint} rules={[fieldRule(fields.sort)]}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} aria-label={t.sort} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="minVipLevel" label={t.minVipLevel} rules={[fieldRule(fields.minVipLevel)]}>
              <Select options={vipOptions} aria-label={t.minVipLevel} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t.sectionTexts}</Divider>
        {textPairs.map(([zhName, enName, zhMax, enMax]) => (
          <Row gutter={24} key={zhName}>
            <Col span={12}>
              <Form.Item name={zhName} label={t[zhName]} rules={[fieldRule(fields[zhName])]}>
                <Input maxLength={zhMax} showCount aria-label={t[zhName]} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name={enName} label={t[enName]} rules={[fieldRule(fields[enName])]}>
                <Input maxLength={enMax} showCount aria-label={t[enName]} />
              </Form.Item>
            </Col>
          </Row>
        ))}
        <Row gutter={24}>
          {(['rulesZh', 'rulesEn'] as const).map((name) => (
            <Col span={12} key={name}>
              <Form.Item name={name} label={t[name]} extra={t.rulesHint} rules={[fieldRule(fields[name])]}>
                <Input.TextArea rows={8} style={{ fontFamily: 'monospace', fontSize: 12 }} aria-label={t[name]} />
              </Form.Item>
            </Col>
          ))}
        </Row>

        <Divider titlePlacement="start">
          <Space>
            {t.preview}
            <Segmented
              size="small"
              value={lang}
              onChange={(v) => setLang(v as 'zh' | 'en')}
              options={[
                { value: 'zh', label: t.zh },
                { value: 'en', label: t.en },
              ]}
            />
          </Space>
        </Divider>
        <Row gutter={24}>
          <Col span={12}>
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <BannerPreview
                from={live.bannerFrom ?? '#333333'}
                to={live.bannerTo ?? '#333333'}
                title={(zh ? live.titleZh : live.titleEn) ?? ''}
                summary={(zh ? live.summaryZh : live.summaryEn) ?? ''}
              />
              <Typography.Text type="secondary">{t.bannerHint}</Typography.Text>
              <Space size="large">
                <ColorField name="bannerFrom" label={t.bannerFrom} />
                <ColorField name="bannerTo" label={t.bannerTo} />
              </Space>
            </Space>
          </Col>
          <Col span={12}>
            <RulesPreview html={(zh ? live.rulesZh : live.rulesEn) ?? ''} />
          </Col>
        </Row>

        <Divider titlePlacement="start">{t.sectionReward}</Divider>
        <Row gutter={24}>
          <Col span={8}>
            <Form.Item
              name="turnoverMultiple"
              label={t.turnoverMultiple}
              extra={t.turnoverMultipleHint}
              rules={[fieldRule(fields.turnoverMultiple)]}
            >
              <InputNumber min={0} max={100} precision={0} suffix="倍" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="capAmount"
              label={t.capAmount}
              extra={t.capAmountHint}
              rules={[whenFilled(fieldRule(fields.capAmount, toMinor))]}
            >
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="rewardValidDays"
              label={t.rewardValidDays}
              extra={t.rewardValidDaysHint}
              rules={[fieldRule(fields.rewardValidDays)]}
            >
              <InputNumber min={1} max={90} precision={0} suffix="天" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t.sectionRules}</Divider>
        <RulesEditor type={type} />
      </Form>
    </Drawer>
  );
}
