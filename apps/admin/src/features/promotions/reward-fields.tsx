import { Col, Form, InputNumber, Row, type FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { promotionsAdmin } from '@breakshot/contracts';
import { fieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { promotionTexts as t } from './texts';

const fields = promotionsAdmin.promotionInput.shape;

/** A contract rule for a field that may stay empty (null is sent): checked only when filled. */
const whenFilled = (rule: FormRule): FormRule => ({
  validator: async (r, value, callback) => {
    if (value !== null && value !== undefined && value !== '')
      await (rule as RuleObject).validator!(r as RuleObject, value, callback);
  },
});

/** 奖励发放: turnover multiple, the cap in yuan (empty for none) and how many days a reward stays valid. */
export function RewardFields() {
  return (
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
  );
}
