import { Button, Card, Flex, Radio, Typography, theme } from 'antd';
import type { taiqiuAdmin } from '@breakshot/contracts';
import { selectionOutcomeLabels } from '../../lib/bet-labels';
import { groupMarkets } from './market-groups';
import { billiardsTexts as t } from './texts';

type Market = taiqiuAdmin.AdminMarket;
type Match = taiqiuAdmin.AdminMatch;
type Outcome = taiqiuAdmin.SelectionOutcome;
type CorrectedMarket = taiqiuAdmin.CorrectionRequest['markets'][number];

/** The outcome the operator chose for each selection, by the selection's id. */
export type Picks = Partial<Record<number, Outcome>>;

const OUTCOMES: Outcome[] = ['won', 'lost', 'void'];
const outcomeOptions = OUTCOMES.map((value) => ({ value, label: selectionOutcomeLabels[value] }));

/** A closed market: each of its selections has its outcome (docs/design.md §9), so a correction may re-decide it. */
export const isDecided = (m: Market) => m.status === 'closed';

/** The outcome each selection of these markets has now: the picks start from it. */
export const currentPicks = (markets: Market[]): Picks =>
  Object.fromEntries(markets.flatMap((m) => m.selections.flatMap((s) => (s.result ? [[s.id, s.result]] : []))));

/** A pick other than the selection's outcome now (any pick, where the outcome is not known). */
const differs = (s: Market['selections'][number], picks: Picks) =>
  picks[s.id] !== undefined && picks[s.id] !== (s.result ?? undefined);

/** Whether the operator changed an outcome of the market. */
const isTouched = (m: Market, picks: Picks) => m.selections.some((s) => differs(s, picks));

/**
 * What the picks make of a correction: the markets with an outcome changed (`touched`), those
 * still missing one for some selection (`incomplete`), and the complete ones as sent, with
 * every selection's outcome.
 */
export function correctionOf(markets: Market[], picks: Picks) {
  const touched = markets.filter((m) => isTouched(m, picks));
  const incomplete = touched.filter((m) => m.selections.some((s) => picks[s.id] === undefined)).map((m) => m.id);
  const corrected = touched.flatMap((m): CorrectedMarket[] => {
    const results = m.selections.flatMap((s) => {
      const result = picks[s.id];
      return result ? [{ selectionId: s.id, result }] : [];
    });
    return results.length === m.selections.length ? [{ marketId: m.id, results }] : [];
  });
  return { touched: touched.length, incomplete, markets: corrected };
}

/** The decided markets as the match's board groups them: the match's own, each frame, the breaks. */
function sectionsOf(decided: Market[], match: Match) {
  const groups = groupMarkets(decided, match);
  const frames = [...groups.frames, ...groups.past].sort((x, y) => x.frame - y.frame);
  return [
    { key: 'match', title: t.groups.match!, markets: [...groups.match, ...groups.other], frame: false },
    ...frames.map((f) => ({ key: `frame-${f.frame}`, title: t.frameN(f.frame), markets: f.markets, frame: true })),
    { key: 'breaks', title: t.groups.breaks!, markets: groups.breaks, frame: false },
  ].filter((s) => s.markets.length > 0);
}

/** Whether the selection is one of the market's. */
const isOf = (market: Market, selectionId: number) => market.selections.some((s) => s.id === selectionId);

function MarketPicks({
  market,
  title,
  picks,
  incomplete,
  onChange,
}: {
  market: Market;
  title: string;
  picks: Picks;
  incomplete: boolean;
  onChange: (picks: Picks) => void;
}) {
  const { token } = theme.useToken();
  const touched = isTouched(market, picks);
  const wide = market.type === 'correct_score';
  // Back to the market's outcomes as they are.
  const clear = () =>
    onChange({
      ...Object.fromEntries(Object.entries(picks).filter(([id]) => !isOf(market, Number(id)))),
      ...currentPicks([market]),
    });
  return (
    <Card
      size="small"
      data-testid={`correct-market-${market.id}`}
      title={<span title={market.name}>{title}</span>}
      extra={
        touched && (
          <Button type="link" size="small" onClick={clear}>
            {t.clearMarket}
          </Button>
        )
      }
      style={{
        gridColumn: wide ? 'span 2' : undefined,
        borderColor: incomplete ? token.colorError : touched ? token.colorPrimary : undefined,
      }}
    >
      <div style={{ display: 'grid', gridTemplateColumns: wide ? '1fr 1fr' : '1fr', columnGap: 24 }}>
        {market.selections.map((s) => (
          <Flex key={s.id} justify="space-between" align="center" gap={8} style={{ minHeight: 32 }}>
            <Typography.Text ellipsis={{ tooltip: s.name }}>{s.name}</Typography.Text>
            <Radio.Group
              size="small"
              optionType="button"
              options={outcomeOptions}
              value={picks[s.id]}
              onChange={(e) => onChange({ ...picks, [s.id]: e.target.value as Outcome })}
              aria-label={t.outcomeOf(market.name, s.name)}
            />
          </Flex>
        ))}
      </div>
      {incomplete && <Typography.Text type="danger">{t.pickEvery}</Typography.Text>}
    </Card>
  );
}

/** Each decided market of the match with a choice of 赢 / 输 / 作废 for each of its selections. */
export function CorrectionPicks({
  match,
  decided,
  picks,
  incomplete,
  onChange,
}: {
  match: Match;
  decided: Market[];
  picks: Picks;
  /** Markets to flag: an outcome chosen for some of their selections, not all. */
  incomplete: number[];
  onChange: (picks: Picks) => void;
}) {
  return (
    <Flex vertical gap={16}>
      {sectionsOf(decided, match).map((section) => (
        <section key={section.key} aria-label={section.title}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {section.title}
          </Typography.Title>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
            {section.markets.map((m) => (
              <MarketPicks
                key={m.id}
                market={m}
                title={section.frame ? (t.frameMarkets[m.type] ?? m.name) : m.name}
                picks={picks}
                incomplete={incomplete.includes(m.id)}
                onChange={onChange}
              />
            ))}
          </div>
        </section>
      ))}
    </Flex>
  );
}
