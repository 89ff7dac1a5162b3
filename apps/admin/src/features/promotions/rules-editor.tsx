import type { ReactNode } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { promotions } from '@breakshot/contracts';
import { fieldRule, listRule } from '../../lib/contract-rules';
import {
  RULES_LAYOUT,
  ruleFieldSchema,
  tierFieldSchema,
  tiersSchema,
  tiersToRequest,
  toRequest,
  type FieldKind,
} from './rule-fields';
import { promotionTexts as t } from './texts';

type PromotionType = promotions.PromotionType;
/** The contract's bounds of a tier table (1–10 rows): the buttons keep to them. */
const MAX_TIERS = 10;

/** The input of a rule field, by how it is typed. */
function input(kind: FieldKind, label: string, width?: number): ReactNode {
  const style = { width: width ?? '100%' };
  if (kind === 'digits') return <Input maxLength={6} inputMode="numeric" aria-label={label} style={style} />;
  if (kind === 'money') return <InputNumber min={0} precision={2} prefix="¥" aria-label={label} style={style} />;
  if (kind === 'percent')
    return <InputNumber min={0.01} max={100} precision={2} suffix="%" aria-label={label} style={style} />;
  return <InputNumber min={0} precision={0} aria-label={label} style={style} />;
}

/** 活动内容: the fields and tier table of one promotion type, each checked by the contract's schema. */
export function RulesEditor({ type }: { type: PromotionType }) {
  const layout = RULES_LAYOUT[type];
  const label = (key: string) => t.ruleFields[key] ?? key;
  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t.rulesHints[type]}
        description={t.periodOf[promotions.PROMOTION_PERIOD[type]]}
        style={{ marginBottom: 16 }}
      />
      {layout.fields.length > 0 && (
        <Row gutter={16}>
          {layout.fields.map((f) => (
            <Col span={12} key={f.key}>
              <Form.Item
                name={['rules', f.key]}
                label={label(f.key)}
                rules={[fieldRule(ruleFieldSchema(type, f.key), (v) => toRequest(f.kind, v))]}
              >
                {input(f.kind, label(f.key))}
              </Form.Item>
            </Col>
          ))}
        </Row>
      )}
      {layout.tiers.length > 0 && (
        <Form.List
          name={['rules', 'tiers']}
          rules={[listRule(tiersSchema(type), (rows: Record<string, unknown>[]) => tiersToRequest(type, rows))]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={fields}
                columns={[
                  { title: '#', key: 'n', width: 80, render: (_, f) => t.tier(f.name + 1) },
                  ...layout.tiers.map((c) => ({
                    title: label(c.key),
                    key: c.key,
                    render: (_: unknown, f: { name: number }) => (
                      <Form.Item
                        name={[f.name, c.key]}
                        rules={[fieldRule(tierFieldSchema(type, c.key), (v) => toRequest(c.kind, v))]}
                        style={{ marginBottom: 0 }}
                      >
                        {input(c.kind, `${t.tier(f.name + 1)} ${label(c.key)}`)}
                      </Form.Item>
                    ),
                  })),
                  {
                    key: 'remove',
                    width: 48,
                    render: (_, f) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length === 1}
                        onClick={() => remove(f.name)}
                        aria-label={t.removeTier(f.name + 1)}
                      />
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_TIERS}
                onClick={() => add({})}
                style={{ marginTop: 12 }}
              >
                {t.addTier}
              </Button>
            </>
          )}
        </Form.List>
      )}
    </>
  );
}
