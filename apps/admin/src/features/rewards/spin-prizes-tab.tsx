import type { ReactNode } from 'react';
import { Button, Descriptions, Form, Input, InputNumber, Table, Typography } from 'antd';
import { wheelAdmin } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { fieldRule, listRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { EditorCard } from './editor-card';
import { rewardTexts as t } from './texts';

const prizeFields = wheelAdmin.spinPrizeInput.shape;
type Row = { labelZh: string; labelEn: string; amount: number; weight: number; turnoverMultiple: number };

const toRequest = (rows: Row[]) => rows.map((r) => ({ ...r, amount: toMinor(r.amount) }));

/**
 * Each prize's chance and the mean prize per draw, from the weights as typed, so the operator
 * sees what a change does before saving (the list call answers the same figures for the saved ones).
 */
function odds(rows: Partial<Row>[] | undefined) {
  const weights = (rows ?? []).map((r) => r?.weight ?? 0);
  const total = weights.reduce((a, w) => a + w, 0);
  const chances = weights.map((w) => (total > 0 ? w / total : 0));
  const expected = (rows ?? []).reduce((a, r, i) => a + toMinor(r?.amount ?? 0) * chances[i]!, 0);
  return { total, chances, expected };
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

function PrizesForm({ prizes, editable }: { prizes: Row[]; editable: boolean }) {
  const [form] = Form.useForm<{ prizes: Row[] }>();
  const rows = Form.useWatch('prizes', form) as Partial<Row>[] | undefined;
  const live = odds(rows ?? prizes);
  const save = useAction(wheelAdmin.spinPrizesSave, { done: t.prizesSaved, refresh: [wheelAdmin.spinPrizesList] });
  const cell = (f: { name: number }, name: keyof Row, node: ReactNode, rule = fieldRule(prizeFields[name])) => (
    <Form.Item name={[f.name, name]} rules={[rule]} style={{ marginBottom: 0 }}>
      {node}
    </Form.Item>
  );
  return (
    <Form
      form={form}
      disabled={!editable}
      initialValues={{ prizes: prizes.map((p) => ({ ...p, amount: p.amount / 100 })) }}
      onFinish={(v) => save.mutate({ prizes: toRequest(v.prizes) })}
    >
      <Form.List name="prizes" rules={[listRule(wheelAdmin.spinPrizesSave.request.shape.prizes, toRequest)]}>
        {(fields, _, { errors }) => (
          <>
            <Table
              rowKey="key"
              size="middle"
              pagination={false}
              dataSource={fields}
              columns={[
                { title: '#', key: 'n', width: 70, render: (_, f) => f.name + 1 },
                {
                  title: t.labelZh,
                  key: 'labelZh',
                  render: (_, f) =>
                    cell(f, 'labelZh', <Input maxLength={20} aria-label={`${t.prize(f.name + 1)} ${t.labelZh}`} />),
                },
                {
                  title: t.labelEn,
                  key: 'labelEn',
                  render: (_, f) =>
                    cell(f, 'labelEn', <Input maxLength={30} aria-label={`${t.prize(f.name + 1)} ${t.labelEn}`} />),
                },
                {
                  title: t.prizeAmount,
                  key: 'amount',
                  width: 170,
                  render: (_, f) =>
                    cell(
                      f,
                      'amount',
                      <InputNumber
                        min={0}
                        precision={2}
                        prefix="¥"
                        style={{ width: 150 }}
                        aria-label={`${t.prize(f.name + 1)} ${t.prizeAmount}`}
                      />,
                      fieldRule(prizeFields.amount, toMinor),
                    ),
                },
                {
                  title: t.weight,
                  key: 'weight',
                  width: 140,
                  render: (_, f) =>
                    cell(
                      f,
                      'weight',
                      <InputNumber
                        min={0}
                        precision={0}
                        style={{ width: 120 }}
                        aria-label={`${t.prize(f.name + 1)} ${t.weight}`}
                      />,
                    ),
                },
                {
                  title: t.turnoverMultiple,
                  key: 'turnoverMultiple',
                  width: 120,
                  render: (_, f) =>
                    cell(
                      f,
                      'turnoverMultiple',
                      <InputNumber
                        min={0}
                        precision={0}
                        style={{ width: 100 }}
                        aria-label={`${t.prize(f.name + 1)} ${t.turnoverMultiple}`}
                      />,
                    ),
                },
                {
                  title: t.chance,
                  key: 'chance',
                  width: 100,
                  align: 'right',
                  render: (_, f) => (
                    <Typography.Text data-testid={`chance-${f.name + 1}`}>
                      {percent(live.chances[f.name] ?? 0)}
                    </Typography.Text>
                  ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <Descriptions column={3} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={t.totalWeight}>{live.total}</Descriptions.Item>
        <Descriptions.Item label={t.expectedValue}>
          <span data-testid="expected-value">
            <MoneyText value={Math.round(live.expected)} strong />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 8 }}>
          {t.save}
        </Button>
      )}
    </Form>
  );
}

/** The daily wheel's eight prizes: everyone may read them with their odds, admin edits them. */
export function SpinPrizesTab() {
  return (
    <EditorCard
      title={t.prizes}
      hint={t.prizesHint}
      list={wheelAdmin.spinPrizesList}
      save={wheelAdmin.spinPrizesSave}
      form={(data, editable) => (
        <PrizesForm
          prizes={[...data.prizes].sort((a, b) => a.index - b.index).map(({ index: _, ...p }) => p)}
          editable={editable}
        />
      )}
    />
  );
}
