import type { taiqiu } from '@breakshot/contracts';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { InfoState } from '../../components/ui/page-state';
import { Segmented } from '../../components/ui/segmented';
import { useInertUntilRunning } from '../../lib/browser-value';
import { useT } from '../../lib/i18n';
import { formatOdds } from '../../lib/odds';
import type { MatchDetails } from './api/match';
import './i18n';
import { frameOn, marketGroups, scoreColumns, shownGroup, unreachable, type MarketGroup } from './market-groups';
import { OddsTrendMark, useOddsBefore } from './odds';

type Market = taiqiu.Market;
type OnPick = (marketId: number, selectionId: number) => void;

/** Height of the top bar the section tabs stick under (theme.css .top-bar). */
const TOP_BAR_PX = 48;

/**
 * The match's markets in sections (market-groups.ts) under sticky tabs: 全场, 第N局 (the frame in
 * play, marked, and the next), 波胆, 单杆. Tapping odds calls onPick.
 */
export function MarketBoard({ match, onPick }: { match: MatchDetails; onPick: OnPick }) {
  const { t } = useT();
  const groups = useMemo(() => marketGroups(match), [match]);
  const [chosen, setChosen] = useState('match');
  const top = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const group = shownGroup(groups, chosen);

  if (match.markets.length === 0) {
    return <InfoState icon="∅" title={t('taiqiu.noMarkets')} />;
  }

  const choose = (key: string) => {
    setChosen(key);
    // A tab partly out of the row (English labels are wider): scroll the row to show it.
    bar.current?.querySelector(`[data-testid="tab-${key}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    // Scrolled past the tabs: bring the new section's top under them.
    const at = top.current?.getBoundingClientRect().top ?? 0;
    if (at < TOP_BAR_PX && window.scrollY > 0) window.scrollTo({ top: window.scrollY + at - TOP_BAR_PX });
  };

  return (
    <div className="tq-board">
      <div ref={top} className="tq-board-top" />
      <div className="tq-tabs-bar" ref={bar}>
        <Segmented
          kind="tab"
          className="tq-tabs"
          ariaLabel={t('taiqiu.tabs')}
          options={groups.map((g) => ({ key: g.key, label: <TabLabel group={g} />, testId: `tab-${g.key}` }))}
          value={group.key}
          onChange={choose}
        />
      </div>
      <div
        className="tq-section"
        role="tabpanel"
        data-testid={`section-${group.kind}`}
        data-section={group.key}
        {...(group.frame !== null ? { 'data-frame': group.frame } : {})}
      >
        {group.kind === 'frame' && group.frame !== null && <FrameBanner match={match} group={group} />}
        {group.markets.length === 0 && <EmptySection match={match} group={group} />}
        {group.markets.map((m) => (
          <MarketCard key={m.id} market={m} match={match} onPick={onPick} frameTag={group.kind === 'breaks'} />
        ))}
        {group.closed.length > 0 && (
          <details className="tq-closed" data-testid="closed-markets">
            <summary>{t('taiqiu.closedGroup', { n: group.closed.length })}</summary>
            {group.closed.map((m) => (
              <MarketCard key={m.id} market={m} match={match} onPick={onPick} frameTag={group.kind === 'breaks'} />
            ))}
          </details>
        )}
      </div>
    </div>
  );
}

function TabLabel({ group }: { group: MarketGroup }) {
  const { t } = useT();
  if (group.kind !== 'frame') return <>{t(`taiqiu.tab.${group.kind}`)}</>;
  if (group.frame === null) return <>{t('taiqiu.tab.frames')}</>;
  return (
    <span className="tq-tab-frame">
      {t('taiqiu.tab.frame', { n: group.frame })}
      {group.inPlay && <span className="tq-live-dot" data-testid="tab-in-play" aria-label={t('taiqiu.frameInPlay')} />}
    </span>
  );
}

/** Above a frame's markets: in play (with its points), next to start, or after which frame it starts. */
function FrameBanner({ match, group }: { match: MatchDetails; group: MarketGroup }) {
  const { t } = useT();
  const n = group.frame!;
  const points = group.inPlay ? match.frame?.points : undefined;
  let state: ReactNode = null;
  if (group.inPlay) {
    state = (
      <span className="tq-frame-state tq-frame-live">
        <span className="tq-live-dot" />
        {t('taiqiu.frameInPlay')}
      </span>
    );
  } else if (group.next) {
    state = <span className="tq-frame-state">{t('taiqiu.frameNext')}</span>;
  } else if (n > (frameOn(match) ?? n)) {
    state = <span className="tq-frame-state tq-frame-later">{t('taiqiu.frameAfter', { n: n - 1 })}</span>;
  }
  return (
    <div className="tq-frame-banner" data-testid="frame-banner" data-frame={n} data-in-play={group.inPlay}>
      <span className="tq-frame-title">
        {t('taiqiu.tab.frame', { n })}
        {state}
      </span>
      {points && (
        <span className="tq-frame-points" data-testid="frame-banner-points">
          <span className="tq-frame-name">{match.playerA.name}</span>
          <strong>
            {points.a} : {points.b}
          </strong>
          <span className="tq-frame-name">{match.playerB.name}</span>
        </span>
      )}
    </div>
  );
}

const EMPTY_KEY: Record<MarketGroup['kind'], string> = {
  match: 'taiqiu.empty.match',
  frame: 'taiqiu.empty.frame',
  score: 'taiqiu.empty.score',
  breaks: 'taiqiu.empty.breaks',
};

function EmptySection({ match, group }: { match: MatchDetails; group: MarketGroup }) {
  const { t } = useT();
  const ended = match.status === 'finished' || match.status === 'cancelled';
  return (
    <div className="card tq-empty" data-testid="section-empty">
      {t(ended ? 'taiqiu.empty.ended' : EMPTY_KEY[group.kind])}
    </div>
  );
}

/** One market: its name and state, and its selections (the correct score as a grid). */
function MarketCard({
  market: m,
  match,
  onPick,
  frameTag,
}: {
  market: Market;
  match: MatchDetails;
  onPick: OnPick;
  /** Mark the frame in play on a frame market shown among match markets (单杆). */
  frameTag: boolean;
}) {
  const { t } = useT();
  const ended = match.status === 'finished' || match.status === 'cancelled';
  const open = m.status === 'open' && !ended;
  const suspended = m.status === 'suspended' && !ended;
  const inPlay = frameTag && m.frame !== undefined && !ended && match.frame?.number === m.frame;
  const button = (s: Market['selections'][number], gone = false) => (
    <OddsButton
      key={s.id}
      label={s.name}
      odds={s.odds}
      disabled={!open || gone}
      locked={gone ? 'gone' : suspended ? 'suspended' : null}
      selectionId={s.id}
      pick={s.pick}
      onClick={() => onPick(m.id, s.id)}
    />
  );
  return (
    <section
      className={`card tq-market${open ? '' : ' tq-market-off'}${m.status === 'closed' ? ' tq-market-closed' : ''}`}
      data-testid={`market-${m.type}`}
      data-market-id={m.id}
      data-status={m.status}
      {...(m.frame !== undefined ? { 'data-frame': m.frame } : {})}
    >
      <header className="tq-market-head">
        <span className="tq-market-name">
          {m.name}
          {inPlay && <span className="tq-market-tag">{t('taiqiu.frameInPlay')}</span>}
        </span>
        {!open && (
          <span className={`tq-market-state${suspended ? '' : ' tq-market-state-closed'}`} data-testid="market-state">
            {suspended ? t('taiqiu.suspended') : t('taiqiu.closed')}
          </span>
        )}
      </header>
      {m.status !== 'closed' &&
        (m.type === 'correct_score' ? (
          <CorrectScoreGrid match={match} selections={m.selections} button={button} />
        ) : (
          <div className="tq-selections">{m.selections.map((s) => button(s))}</div>
        ))}
    </section>
  );
}

/** 波胆: player a's winning scores on the left, player b's on the right. */
function CorrectScoreGrid({
  match,
  selections,
  button,
}: {
  match: MatchDetails;
  selections: Market['selections'];
  button: (s: Market['selections'][number], gone?: boolean) => ReactNode;
}) {
  const { t } = useT();
  const { a, b } = scoreColumns(selections);
  const column = (side: 'a' | 'b', list: typeof selections) => (
    <div className="tq-cs-col" data-testid={`cs-col-${side}`}>
      <div className="tq-cs-head">
        {t('taiqiu.csWins', { name: side === 'a' ? match.playerA.name : match.playerB.name })}
      </div>
      {list.map((s) => button(s, unreachable(s.pick, match.score)))}
    </div>
  );
  return (
    <div className="tq-cs" data-testid="correct-score-grid">
      {column('a', a)}
      {column('b', b)}
    </div>
  );
}

function OddsButton({
  label,
  odds,
  disabled,
  locked,
  selectionId,
  pick,
  onClick,
}: {
  label: string;
  odds: number;
  disabled: boolean;
  /** In place of the odds: a lock (the market suspended) or a dash (a score no longer possible). */
  locked: 'suspended' | 'gone' | null;
  selectionId: number;
  pick: string;
  onClick: () => void;
}) {
  const { t } = useT();
  const before = useOddsBefore(odds);
  const inert = useInertUntilRunning();
  const trend = before === null ? '' : odds > before ? ' tq-odds-up' : ' tq-odds-down';
  return (
    <button
      type="button"
      className={`tq-odds-btn${trend}`}
      disabled={disabled}
      aria-disabled={inert}
      onClick={onClick}
      data-testid={`odds-${selectionId}`}
      data-odds={odds}
      data-pick={pick}
    >
      <span className="tq-odds-label">{label}</span>
      <span className="tq-odds" key={odds}>
        {locked === 'suspended' ? (
          <>
            <LockMark />
            <span className="tq-sr">{t('taiqiu.suspended')}</span>
          </>
        ) : locked === 'gone' ? (
          <span title={t('taiqiu.csGone')}>—</span>
        ) : (
          formatOdds(odds)
        )}
        {!disabled && <OddsTrendMark now={odds} before={before} />}
      </span>
    </button>
  );
}

/** A small padlock: the market is suspended. */
function LockMark() {
  return (
    <svg className="tq-lock" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M7 10V7.5a5 5 0 0 1 10 0V10M5.5 10h13a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-13a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
