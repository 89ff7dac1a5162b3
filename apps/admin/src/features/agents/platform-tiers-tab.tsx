import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  agentReports,
  agentSettlementsAdmin as settlements,
  serverErrorText,
  type GameType,
} from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { TierTable, type TierColumn } from '../../components/tier-table';
import { call, errorText, LANGUAGE } from '../../lib/api';
import { percent, toBp } from '../../lib/basis-points';
import { fieldRule } from '../../lib/contract-rules';
import { toMinor } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { gameName, gameTypes } from './labels';
import { agentTexts as t } from './texts';

const tierFields = agentReports.platformTier.shape;
/** The contract's bounds: at most 10 tiers per game type, a rate up to 3 %. */
const MAX_TIERS = 10;
const MAX_RATE_BP = 300;

/** A tier as typed: the threshold in yuan, the rate in percent. */
type Row = { minValidBet: number; rate: number };
interface Values {
  tiers: Record<GameType, Row[]>;
  reason: string;
}

const byThreshold = (a: { minValidBet: number }, b: { minValidBet: number }) => a.minValidBet - b.minValidBet;

/** The whole table as the save call takes it: per game type, by threshold. */
const toRequest = (tiers: Partial<Record<GameType, Row[]>>): agentReports.PlatformTier[] =>
  gameTypes.flatMap((gameType) =>
    (tiers[gameType] ?? [])
      .map((r) => ({ gameType, minValidBet: toMinor(r.minValidBet), rateBp: toBp(r.rate) }))
      .sort(byThreshold),
  );

/** Two tiers of a game type with one threshold: the server's refusal, in its words, before sending. */
const distinct = (game: GameType) => ({
  validator: async (_: unknown, rows: Row[] | undefined) => {
    const thresholds = (rows ?? []).filter((r) => r?.minValidBet != null).map((r) => toMinor(r.minValidBet));
    if (new Set(thresholds).size < thresholds.length)
      throw new Error(serverErrorText('platformTierDuplicate', LANGUAGE, { game: gameName(game) }));
  },
});

const columns: TierColumn[] = [
  {
    key: 'minValidBet',
    title: t.tierThreshold,
    rules: () => [fieldRule(tierFields.minValidBet, toMinor)],
    input: { min: 0, precision: 2, prefix: '¥', style: { width: 200 } },
  },
  {
    key: 'rate',
    title: t.tierRate,
    rules: () => [fieldRule(tierFields.rateBp, toBp)],
    input: { min: 0, max: MAX_RATE_BP / 100, step: 0.1, precision: 2, suffix: '%', style: { width: 140 } },
  },
];

function GameTiers({ game, editable }: { game: GameType; editable: boolean }) {
  const name = gameName(game);
  return (
    <Form.List name={['tiers', game]} rules={[distinct(game)]}>
      {(fields, { add, remove }, { errors }) => (
        <div style={{ marginBottom: 24 }}>
          <Typography.Title level={5}>{name}</Typography.Title>
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary">{t.noTiers}</Typography.Paragraph>
          ) : (
            <TierTable
              fields={fields}
              editable={editable}
              size="small"
              style={{ maxWidth: 640, marginBottom: 8 }}
              tierName={t.tier}
              labelPrefix={name}
              removeLabel={(n) => t.removeTier(name, n)}
              onRemove={remove}
              columns={columns}
            />
          )}
          {/* Inside a Form.Item: the list's own errors in the error colour. */}
          <Form.Item style={{ marginBottom: 0 }}>
            {editable && (
              <Button size="small" icon={<PlusOutlined />} disabled={fields.length >= MAX_TIERS} onClick={() => add()}>
                {t.addTier(name)}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </div>
      )}
    </Form.List>
  );
}

function TiersForm({ tiers, editable }: { tiers: agentReports.PlatformTier[]; editable: boolean }) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(settlements.platformTiersSave, {
    done: (d) => t.tiersSaved(d.tiers.length),
    refresh: [settlements.platformTiersGet],
  });
  const initial = Object.fromEntries(
    gameTypes.map((g) => [
      g,
      tiers
        .filter((r) => r.gameType === g)
        .sort(byThreshold)
        .map((r) => ({ minValidBet: r.minValidBet / 100, rate: r.rateBp / 100 })),
    ]),
  );
  const submit = (v: Values) => {
    setProblem(null);
    save.mutate({ tiers: toRequest(v.tiers), reason: v.reason }, { onError: (err) => setProblem(errorText(err)) });
  };
  return (
    <Form<Values>
      form={form}
      disabled={!editable}
      layout="vertical"
      requiredMark={false}
      initialValues={{ tiers: initial }}
      onFinish={submit}
    >
      {gameTypes.map((g) => (
        <GameTiers key={g} game={g} editable={editable} />
      ))}
      {editable ? (
        <div style={{ maxWidth: 640 }}>
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
          <ReasonField label={t.reason} required={t.reasonRequired} />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </div>
      ) : (
        <Typography.Text type="secondary">{t.tiersReadOnly}</Typography.Text>
      )}
    </Form>
  );
}

/**
 * The platform commission table (平台分佣表): per game type, the team valid bet a day needs to reach
 * each rate. The section's roles read it; admin replaces the whole table, with a reason.
 */
export function PlatformTiersTab() {
  const may = useMay();
  const { data, error, dataUpdatedAt } = useQuery({
    queryKey: callKey(settlements.platformTiersGet),
    queryFn: () => call(settlements.platformTiersGet, {}),
  });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Card title={t.tiersTitle} variant="borderless" loading={!data}>
      <Typography.Paragraph type="secondary">
        {t.tiersHint}
        {t.tierRateHint(percent(MAX_RATE_BP))}
      </Typography.Paragraph>
      {/* A fresh form after each load: the saved table replaces what was typed. */}
      {data && <TiersForm key={dataUpdatedAt} tiers={data.tiers} editable={may(settlements.platformTiersSave)} />}
    </Card>
  );
}
