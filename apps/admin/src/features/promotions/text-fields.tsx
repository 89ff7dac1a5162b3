import { Col, Form, Input, Row } from 'antd';
import { promotionsAdmin } from '@breakshot/contracts';
import { fieldRule } from '../../lib/contract-rules';
import { promotionTexts as t } from './texts';

const fields = promotionsAdmin.promotionInput.shape;

/** Each text in Chinese and English, side by side, with the longest each may be. */
const textPairs = [
  ['titleZh', 'titleEn', 40, 80],
  ['summaryZh', 'summaryEn', 80, 160],
  ['audienceZh', 'audienceEn', 80, 160],
] as const;

/** 活动文案: title, summary and audience in both languages, then the rules' HTML in both. */
export function TextFields() {
  return (
    <>
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
    </>
  );
}
