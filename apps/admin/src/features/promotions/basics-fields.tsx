import type { Dayjs } from 'dayjs';
import { Col, DatePicker, Form, InputNumber, Row, Select, Switch, Tag, type FormRule } from 'antd';
import { promotionsAdmin, validationText, vip, type promotions } from '@breakshot/contracts';
import { LANGUAGE } from '../../lib/api';
import { fieldRule } from '../../lib/contract-rules';
import { promotionTexts as t } from './texts';

const fields = promotionsAdmin.promotionInput.shape;

/** Both ends, and the end after the start (the server's rule, in its words). */
const periodRule: FormRule = {
  validator: async (_, range: [Dayjs | null, Dayjs | null] | null | undefined) => {
    if (!range?.[0] || !range[1]) throw new Error(validationText('required', LANGUAGE));
    if (!range[1].isAfter(range[0])) throw new Error(validationText('promotion.period', LANGUAGE));
  },
};

const vipOptions = Array.from({ length: vip.MAX_VIP_LEVEL + 1 }, (_, n) => ({ value: n, label: t.vip(n) }));

/** 基本设置: the type (shown, never edited), period, switch, sort order and lowest VIP level. */
export function BasicsFields({ type, stored }: { type: promotions.PromotionType; stored: boolean }) {
  return (
    <Row gutter={24}>
      <Col span={4}>
        <Form.Item label={t.type} extra={stored ? t.typeFixed : undefined}>
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
  );
}
