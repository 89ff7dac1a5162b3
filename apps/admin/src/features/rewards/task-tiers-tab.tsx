import { Button, Form, Space, type FormRule } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { rewardsAdmin, serverErrorText } from '@breakshot/contracts';
import { TierTable, type TierColumn } from '../../components/tier-table';
import { LANGUAGE } from '../../lib/api';
import { fieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { EditorCard } from './editor-card';
import { rewardTexts as t } from './texts';

const tierFields = rewardsAdmin.taskTierInput.shape;
/** The contract's bounds of the list (1–10 tiers): the buttons keep to them. */
const MAX_TIERS = 10;
type Row = { validBet: number; amount: number; turnoverMultiple: number };
type Tier = Row & { id: number; enabled: boolean };

const toRequest = (rows: Row[]) =>
  rows.map((r) => ({ validBet: toMinor(r.validBet), amount: toMinor(r.amount), turnoverMultiple: r.turnoverMultiple }));

/** Each tier needs more valid bet than the one above it (the server's rule, in its words). */
const rising =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_, value: number | null) => {
      const previous = index > 0 ? (getFieldValue(['tiers', index - 1, 'validBet']) as number | null) : null;
      if (value != null && previous != null && toMinor(value) <= toMinor(previous))
        throw new Error(serverErrorText('taskTiersOrder', LANGUAGE));
    },
  });

const columns: TierColumn[] = [
  {
    key: 'validBet',
    title: t.tierValidBet,
    rules: (row) => [fieldRule(tierFields.validBet, toMinor), rising(row)],
    dependencies: (row) => (row > 0 ? [['tiers', row - 1, 'validBet']] : []),
    input: { min: 0.01, precision: 2, prefix: '¥', style: { width: 200 } },
  },
  {
    key: 'amount',
    title: t.tierAmount,
    rules: () => [fieldRule(tierFields.amount, toMinor)],
    input: { min: 0.01, precision: 2, prefix: '¥', style: { width: 160 } },
  },
  {
    key: 'turnoverMultiple',
    title: t.turnoverMultiple,
    rules: () => [fieldRule(tierFields.turnoverMultiple)],
    input: { min: 0, precision: 0, style: { width: 120 } },
  },
];

function TiersForm({ tiers, editable }: { tiers: Tier[]; editable: boolean }) {
  const [form] = Form.useForm<{ tiers: Row[] }>();
  const save = useAction(rewardsAdmin.taskTiersSave, {
    done: (d) => t.tiersSaved(d.tiers.length),
    refresh: [rewardsAdmin.taskTiersList],
  });
  const initial = tiers.map((r) => ({
    validBet: r.validBet / 100,
    amount: r.amount / 100,
    turnoverMultiple: r.turnoverMultiple,
  }));
  return (
    <Form
      form={form}
      disabled={!editable}
      initialValues={{ tiers: initial }}
      onFinish={(v) => save.mutate({ tiers: toRequest(v.tiers ?? []) })}
    >
      <Form.List name="tiers">
        {(fields, { add, remove }) => (
          <>
            <TierTable
              fields={fields}
              editable={editable}
              tierName={t.tier}
              removeLabel={t.removeTier}
              onRemove={remove}
              canRemoveLast={false}
              columns={columns}
            />
            {editable && (
              <Space style={{ marginTop: 16 }}>
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_TIERS}
                  onClick={() => add({ turnoverMultiple: 1 })}
                >
                  {t.addTier}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t.save}
                </Button>
              </Space>
            )}
          </>
        )}
      </Form.List>
    </Form>
  );
}

/** The daily betting task's tiers: everyone may read them, admin edits the whole list at once. */
export function TaskTiersTab() {
  return (
    <EditorCard
      title={t.tiers}
      hint={t.tiersHint}
      list={rewardsAdmin.taskTiersList}
      save={rewardsAdmin.taskTiersSave}
      form={(data, editable) => <TiersForm tiers={data.tiers.filter((r) => r.enabled)} editable={editable} />}
    />
  );
}
