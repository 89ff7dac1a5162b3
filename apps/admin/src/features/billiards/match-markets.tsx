import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Card, Collapse, Empty, Flex, InputNumber, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { CheckOutlined, ClockCircleOutlined, EyeInvisibleOutlined, TransactionOutlined } from '@ant-design/icons';
import { taiqiuAdmin, type taiqiu } from '@breakshot/contracts';
import { Liability } from '../../components/liability-text';
import { money } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { MarketLiabilityLine, SelectionExposure, useMatchLiability } from './liability';
import { commonStakes, groupMarkets, scoreOf, type FrameGroup } from './market-groups';
import { billiardsTexts as t } from './texts';

type Market = taiqiu.Market;
type Match = taiqiuAdmin.AdminMatch;
type Exposures = ReturnType<typeof useMatchLiability>['selections'];
const NO_EXPOSURES: Exposures = new Map();

const marketColor: Record<string, string> = { open: 'green', suspended: 'orange', closed: 'default' };
const stageColor: Record<string, string> = { playing: 'red', current: 'blue', upcoming: 'default', done: 'default' };
const tabular: CSSProperties = { fontVariantNumeric: 'tabular-nums' };
/** A lane: its label, then four cards a row (at 1440 px); correct score takes three. */
const COLUMNS = 4;
const WIDE = 3;
const lane: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `120px repeat(${COLUMNS}, minmax(0, 1fr))`,
  gap: 12,
  alignItems: 'start',
};

/** A selection: its odds, and under them (a market holding bets) what the book loses if it wins. */
function SelectionOdds({
  selection,
  editable,
  exposures,
}: {
  selection: Market['selections'][number];
  editable: boolean;
  exposures: Exposures;
}) {
  const exposure = exposures.get(selection.id);
  return (
    <div>
      <SelectionRow selection={selection} editable={editable} />
      {exposure && <SelectionExposure exposure={exposure} />}
    </div>
  );
}

/** A selection's name and odds, editable by a trader while its market is open. */
function SelectionRow({ selection, editable }: { selection: Market['selections'][number]; editable: boolean }) {
  const [odds, setOdds] = useState<number | null>(selection.odds);
  const save = useAction(taiqiuAdmin.oddsSet, { done: t.oddsSaved, refresh: [taiqiuAdmin.matchesList] });
  const changed = odds !== null && odds !== selection.odds;
  const submit = () => changed && save.mutate({ selectionId: selection.id, odds });
  return (
    <Flex align="center" gap={6} style={{ minHeight: 28 }}>
      <Typography.Text ellipsis={{ tooltip: selection.name }} style={{ flex: 1, minWidth: 0 }}>
        {selection.name}
      </Typography.Text>
      {editable ? (
        <>
          <InputNumber
            size="small"
            min={1.001}
            max={1000}
            step={0.01}
            precision={3}
            value={odds}
            onChange={setOdds}
            onPressEnter={submit}
            style={{ width: 88, ...tabular }}
            aria-label={`${selection.name} odds`}
          />
          {/* The save button shows once the odds differ, so the column of odds stays aligned. */}
          <span style={{ width: 24, flex: 'none' }}>
            {changed && (
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                aria-label={t.saveOdds}
                title={t.saveOdds}
                loading={save.isPending}
                onClick={submit}
              />
            )}
          </span>
        </>
      ) : (
        <Typography.Text strong style={tabular}>
          {selection.odds.toFixed(2)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Correct score: the scores a wins beside the scores b wins, each in two columns. */
function ScoreSelections({
  market,
  players,
  editable,
  exposures,
}: {
  market: Market;
  players: string[];
  editable: boolean;
  exposures: Exposures;
}) {
  const side = (a: boolean) =>
    market.selections.filter((s) => {
      const score = scoreOf(s.pick);
      return score !== null && score.a > score.b === a;
    });
  const others = market.selections.filter((s) => scoreOf(s.pick) === null);
  const odds = (s: Market['selections'][number]) => (
    <SelectionOdds key={`${s.id}-${s.odds}`} selection={s} editable={editable} exposures={exposures} />
  );
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 32 }}>
      {[true, false].map((a, i) => (
        <div key={String(a)}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.aWins(players[i]!)}
          </Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>{side(a).map(odds)}</div>
        </div>
      ))}
      {others.map(odds)}
    </div>
  );
}

interface CardProps {
  market: Market;
  /** The title in its group: "胜者" under 第4局. */
  title?: string;
  matchOpen: boolean;
  /** The type is switched off for players (盘口设置). */
  hidden: boolean;
  players: string[];
  /** Each card shows its stake range when the match's markets do not share one. */
  showStakes: boolean;
  liability: ReturnType<typeof useMatchLiability>;
}

function MarketCard({ market, title, matchOpen, hidden, players, showStakes, liability }: CardProps) {
  const figures = liability.markets.get(market.id);
  // Only a market holding bets shows its figures: the rest would be rows of ¥0.00.
  const exposures = figures && figures.stake > 0 ? liability.selections : NO_EXPOSURES;
  const may = useMay();
  const { token } = theme.useToken();
  const suspend = useAction(taiqiuAdmin.marketSuspend, { done: t.suspended, refresh: [taiqiuAdmin.matchesList] });
  const open = useAction(taiqiuAdmin.marketOpen, { done: t.opened, refresh: [taiqiuAdmin.matchesList] });
  const closed = market.status === 'closed';
  const editable = matchOpen && !closed && may(taiqiuAdmin.oddsSet);
  const wide = market.type === 'correct_score';
  // A type switched off is run from 盘口设置: no suspending or opening its markets one by one.
  const action =
    !matchOpen || hidden ? null : market.status === 'open' && may(taiqiuAdmin.marketSuspend) ? (
      <Button size="small" loading={suspend.isPending} onClick={() => suspend.mutate({ marketId: market.id })}>
        {t.suspend}
      </Button>
    ) : market.status === 'suspended' && may(taiqiuAdmin.marketOpen) ? (
      <Button size="small" type="primary" loading={open.isPending} onClick={() => open.mutate({ marketId: market.id })}>
        {t.open}
      </Button>
    ) : null;
  return (
    <Card
      size="small"
      data-testid={`market-${market.id}`}
      data-status={market.status}
      style={{
        gridColumn: wide ? `span ${WIDE}` : undefined,
        opacity: closed ? 0.6 : 1,
        background: closed || hidden ? token.colorFillQuaternary : undefined,
        borderStyle: hidden ? 'dashed' : undefined,
      }}
      styles={{ header: { minHeight: 40, paddingInline: 12 }, body: { padding: '6px 12px 8px' } }}
      title={
        <Space size={6}>
          <span title={market.name}>{title ?? market.name}</span>
          <Tag color={marketColor[market.status]} style={{ marginInlineEnd: 0 }}>
            {t.marketStatus[market.status]}
          </Tag>
          {hidden && (
            <Tooltip title={t.hiddenTip}>
              <Tag color="volcano" icon={<EyeInvisibleOutlined />} style={{ marginInlineEnd: 0 }}>
                {t.hiddenTag}
              </Tag>
            </Tooltip>
          )}
        </Space>
      }
      extra={action}
    >
      {wide ? (
        <ScoreSelections market={market} players={players} editable={editable} exposures={exposures} />
      ) : (
        market.selections.map((s) => (
          <SelectionOdds key={`${s.id}-${s.odds}`} selection={s} editable={editable} exposures={exposures} />
        ))
      )}
      {figures && <MarketLiabilityLine market={figures} />}
      {showStakes && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.stakeRange}：{money(market.minStake)} – {money(market.maxStake)}
        </Typography.Text>
      )}
    </Card>
  );
}

/** Rows the cards take in a lane, the wide ones spanning WIDE columns. */
function rowsOf(markets: Market[]): number {
  let rows = 1;
  let col = 0;
  for (const m of markets) {
    const span = m.type === 'correct_score' ? WIDE : 1;
    if (col + span > COLUMNS) {
      rows += 1;
      col = 0;
    }
    col += span;
  }
  return rows;
}

/** A row of the board: its label on the left (what, its state), its markets' cards beside it. */
function Lane({
  title,
  tags,
  note,
  accent,
  markets,
  children,
}: {
  title: string;
  tags?: ReactNode;
  note?: ReactNode;
  accent?: string;
  markets: Market[];
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section aria-label={title} style={lane}>
      <Flex
        vertical
        gap={4}
        style={{
          gridRow: `span ${rowsOf(markets)}`,
          alignSelf: 'stretch',
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: token.colorFillQuaternary,
          borderInlineStart: `3px solid ${accent ?? token.colorBorder}`,
        }}
      >
        <Typography.Text strong>{title}</Typography.Text>
        {tags && <div>{tags}</div>}
        {note}
      </Flex>
      {children}
    </section>
  );
}

const note = (text: ReactNode) => (
  <Typography.Text type="secondary" style={{ fontSize: 12, ...tabular }}>
    {text}
  </Typography.Text>
);

/** The frame's points and who is at the table, while the feed has the frame on. */
function frameNews(match: Match): ReactNode {
  const f = match.frame;
  if (!f) return null;
  const at = f.atTable === 'a' ? match.playerA.name : f.atTable === 'b' ? match.playerB.name : null;
  return (
    <>
      {note(t.framePoints(f.points.a, f.points.b))}
      {at && note(t.atTable(at, f.break))}
    </>
  );
}

/**
 * The markets of a match (expanded row) as a board of lanes: the match's own, each frame on offer
 * (第N局, with its state), the breaks; frames whose markets are all closed folded away below.
 */
export function MatchMarkets({ match }: { match: Match }) {
  const { token } = theme.useToken();
  const { markets } = match;
  const matchOpen = match.status === 'scheduled' || match.status === 'live';
  const liability = useMatchLiability(match.id, matchOpen);
  if (markets.length === 0) return <Empty description={t.noMarkets} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const groups = groupMarkets(markets, match);
  const off = new Set(match.marketSettings.filter((s) => s.off).map((s) => s.type));
  const stakes = commonStakes(markets);
  const players = [match.playerA.name, match.playerB.name];
  const card = (m: Market, title?: string) => (
    <MarketCard
      key={m.id}
      market={m}
      title={title}
      matchOpen={matchOpen}
      hidden={off.has(m.type)}
      players={players}
      showStakes={stakes === null}
      liability={liability}
    />
  );
  const frameLane = (g: FrameGroup) => (
    <Lane
      key={g.frame}
      title={t.frameN(g.frame)}
      accent={g.stage === 'playing' ? token.colorError : g.stage === 'current' ? token.colorPrimary : undefined}
      tags={<Tag color={stageColor[g.stage]}>{t.frameStage[g.stage]}</Tag>}
      note={g.stage === 'playing' ? frameNews(match) : undefined}
      markets={g.markets}
    >
      {g.markets.map((m) => card(m, t.frameMarkets[m.type]))}
    </Lane>
  );
  const byStatus = (s: string) => markets.filter((m) => m.status === s).length;
  const matchLevel = [...groups.match, ...groups.other];
  const { past } = groups;
  return (
    <Flex vertical gap={12} style={{ padding: '4px 4px 8px' }} data-testid={`markets-of-${match.id}`}>
      <Flex align="center" gap={16} wrap>
        {note(
          <>
            {t.marketCount(markets.length)} ·{' '}
            {t.marketSummary(byStatus('open'), byStatus('suspended'), byStatus('closed'))}
          </>,
        )}
        {stakes && note(`${t.stakeRange}：${money(stakes.min)} – ${money(stakes.max)}`)}
        <Tooltip title={t.delayTip}>
          {note(
            <span data-testid="delay-summary">
              <ClockCircleOutlined /> {t.delayShort(match.acceptDelayMs)}
            </span>,
          )}
        </Tooltip>
        <Tooltip title={t.cashoutTip}>
          {match.cashoutOff ? (
            <Tag color="volcano" icon={<TransactionOutlined />} data-testid="cashout-summary">
              {t.cashoutState(true)}
            </Tag>
          ) : (
            note(
              <span data-testid="cashout-summary">
                <TransactionOutlined /> {t.cashoutState(false)}
              </span>,
            )
          )}
        </Tooltip>
        {matchOpen && (
          <Tooltip title={t.liabilityTip}>
            {note(
              <span data-testid="liability-summary">
                {t.liability}：<Liability amount={liability.worst ?? match.liability} size={12} />
              </span>,
            )}
          </Tooltip>
        )}
        {off.size > 0 && (
          <Tag color="volcano" icon={<EyeInvisibleOutlined />}>
            {t.typesOff([...off].map((type) => t.marketTypes[type] ?? type).join('、'))}
          </Tag>
        )}
      </Flex>
      {matchLevel.length > 0 && (
        <Lane
          title={t.groups.match!}
          accent={token.colorPrimary}
          note={note(t.marketCount(matchLevel.length))}
          markets={matchLevel}
        >
          {matchLevel.map((m) => card(m))}
        </Lane>
      )}
      {groups.frames.map(frameLane)}
      {groups.breaks.length > 0 && (
        <Lane
          title={t.groups.breaks!}
          accent={token.colorWarning}
          note={note(t.marketCount(groups.breaks.length))}
          markets={groups.breaks}
        >
          {groups.breaks.map((m) => card(m))}
        </Lane>
      )}
      {past.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'past',
              label: (
                <Typography.Text type="secondary">
                  {t.pastFrames(
                    past[0]!.frame,
                    past.at(-1)!.frame,
                    past.reduce((n, g) => n + g.markets.length, 0),
                  )}
                </Typography.Text>
              ),
              children: (
                <Flex vertical gap={12}>
                  {past.map(frameLane)}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
