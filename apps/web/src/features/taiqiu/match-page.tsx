import type { taiqiu } from '@breakshot/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { serverDrawnPart } from '../../lib/server-drawn-part';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { errorText, showToast } from '../../lib/toast';
import { refetchIfInFlight, useLiveEvent, useCatchUpWithLive, useLiveStatus } from '../../lib/use-live';
import { matchKey, matchQuery, type MatchDetails } from './api/match';
import { seedMatchBoot, type MatchBoot } from './boot';
import { readBootData } from '../../lib/boot-data';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { BetStatusText, rejectedReasonKey } from '../../components/bets/bet-row';
import { isBetUpdated } from '../../lib/bet-updates';
import type { LiveEventMessage } from '../../lib/live';
import { BetSlip, type SlipTarget } from './bet-slip';
import './i18n';
import { applyMatchUpdate, needsReload, type MatchUpdated } from './live-match';
import { betweenFrames } from './market-groups';
import { MarketBoard } from './markets';
import { useOddsBefore } from './odds';
import './taiqiu.css';
import { formatOdds } from '../../lib/odds';
import { FavouriteStar } from '../../components/favourites/favourite-star';
import { CashoutBoard } from '../../components/bets/cashout/cashout-board';
import { CashoutButton } from '../../components/bets/cashout/cashout-button';

/** Same pause as the route guard between "请先登录" and /login. */
const LOGIN_DELAY_MS = 500;
/** While the live connection (a guest's too) is not open, a running match is polled this often. */
export const POLL_MS = 5_000;

export const STATUS_TONE: Record<taiqiu.MatchStatus, ChipTone> = {
  scheduled: 'success',
  live: 'pending',
  finished: 'muted',
  cancelled: 'danger',
};
const BET_TONE: Record<taiqiu.BetStatus, ChipTone> = {
  pending: 'pending',
  open: 'info',
  won: 'success',
  lost: 'danger',
  void: 'muted',
  rejected: 'muted',
  cashout: 'muted',
};

// Loaded with the page the server rendered (src/ssr): the app hydrates it from the same data.
seedMatchBoot(readBootData<MatchBoot>(), appQueryClient);

/** The fairness block of simulated matches, with its WebCrypto check: its own chunk. */
const Fairness = serverDrawnPart(() => import('./fairness'));
/** The live tracker (table, frames, momentum, head-to-head): its own chunk, with its own data. */
const Tracker = serverDrawnPart(() => import('./tracker/tracker'));

/** /taiqiu/{id}: players, live score, markets with odds, bet slip, and my bets on this match. */
export default function MatchPage() {
  const { t } = useT();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const loggedIn = useSession((s) => s.token !== null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const liveStatus = useLiveStatus();
  const key = matchKey(id, loggedIn);
  const q = useQuery({
    ...matchQuery(id, loggedIn),
    enabled: Number.isInteger(id) && id > 0,
    // A player's page first shows the match as the server rendered it for a guest (src/ssr), then theirs.
    placeholderData: () => (loggedIn ? queryClient.getQueryData<MatchDetails>(matchKey(id, false)) : undefined),
    refetchInterval: (query) => {
      const s = query.state.data?.status;
      return liveStatus !== 'open' && (s === 'live' || s === 'scheduled') ? POLL_MS : false;
    },
  });
  const [target, setTarget] = useState<SlipTarget | null>(null);

  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  useLiveEvent<MatchUpdated>('MATCH_UPDATED', (ev) => {
    if (ev.matchId !== id) return;
    if (refetchIfInFlight(queryClient, key)) return;
    const before = queryClient.getQueryData<MatchDetails>(key);
    if (!before) return;
    queryClient.setQueryData<MatchDetails>(key, applyMatchUpdate(before, ev));
    if (needsReload(before, ev)) reload();
  });

  useCatchUpWithLive(q.dataUpdatedAt, reload);

  // A pending bet decided (accepted or not): my bets show it. With the slip closed, a toast says so.
  useLiveEvent<LiveEventMessage>('BET_UPDATED', (ev) => {
    if (!loggedIn || !isBetUpdated(ev)) return;
    const mine = queryClient.getQueryData<MatchDetails>(key)?.myBets?.find((b) => b.betNo === ev.betNo);
    reload();
    if (!mine || target !== null) return;
    void showToast(
      ev.status === 'open'
        ? t('taiqiu.slip.toast.accepted', { odds: formatOdds(ev.odds) })
        : t('taiqiu.slip.toast.rejected', { reason: t(rejectedReasonKey(ev.rejectedReason)) }),
      ev.status === 'open' ? 'success' : undefined,
    );
  });

  const pick = (marketId: number, selectionId: number) => {
    if (!loggedIn) {
      void showToast(t('guard.loginFirst'));
      const back = location.pathname + location.search;
      setTimeout(() => void navigate(pathTo('login', {}, { redirect: back })), LOGIN_DELAY_MS);
      return;
    }
    setTarget({ marketId, selectionId });
  };

  if (!Number.isInteger(id) || id <= 0) return <InfoState icon="?" title={t('taiqiu.notFound')} />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) {
    const notFound = (q.error as { code?: number }).code === 404;
    return notFound ? (
      <InfoState icon="?" title={t('taiqiu.notFound')} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
    );
  }
  const match = q.data;

  return (
    <div className="page tq" data-testid="match-page" data-match-id={match.id} data-status={match.status}>
      <MatchHeader match={match} />

      <Suspense fallback={<div className="card tq-tracker-ph" />}>
        <Tracker
          key={match.id}
          matchId={match.id}
          status={match.status}
          bestOf={match.bestOf}
          startAt={match.startAt}
          score={match.score}
          winner={match.winner}
          frame={match.frame}
          playerA={match.playerA.name}
          playerB={match.playerB.name}
        />
      </Suspense>

      <div className="tq-section-head">
        <h2 className="section-title">{t('taiqiu.markets')}</h2>
        <Link to={pathTo('taiqiuguize')} className="tq-rules-link">
          {t('taiqiu.rules')} ›
        </Link>
      </div>
      <MarketBoard match={match} onPick={pick} />

      <MyBets match={match} loggedIn={loggedIn} />

      {match.seedHash !== null && (
        <Suspense fallback={null}>
          <Fairness match={match} />
        </Suspense>
      )}

      <BetSlip
        match={match}
        target={target}
        onClose={() => setTarget(null)}
        onReload={reload}
        onPending={() => {
          reload();
          void useSession.getState().loadUserInfo();
        }}
        onPlaced={() => {
          setTarget(null);
          reload();
          void useSession.getState().loadUserInfo();
        }}
      />
    </div>
  );
}

function Player({
  player,
  side,
  winner,
}: {
  player: taiqiu.MatchDetails['playerA'];
  side: 'a' | 'b';
  winner: boolean;
}) {
  const { t } = useT();
  return (
    <div className={`tq-player tq-player-${side}${winner ? ' tq-player-won' : ''}`} data-testid={`player-${side}`}>
      <img className="tq-avatar" src={player.avatar} alt="" width={56} height={56} />
      <span className="tq-player-line">
        <span className="tq-player-name">{player.name}</span>
        <FavouriteStar
          small
          target={{ player: player.name }}
          label={t('fav.player', { name: player.name })}
          testId={`fav-player-${side}`}
        />
      </span>
    </div>
  );
}

/** A frame count that pulses when it changes. */
function ScoreNumber({ value, side }: { value: number; side: 'a' | 'b' }) {
  const before = useOddsBefore(value);
  return (
    <span key={value} className={`tq-score-n${before !== null ? ' tq-bump' : ''}`} data-testid={`score-${side}`}>
      {value}
    </span>
  );
}

function MatchHeader({ match }: { match: MatchDetails }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const win = Math.floor(match.bestOf / 2) + 1;
  const frame = match.score.a + match.score.b + 1;
  const winnerName = match.winner === 'a' ? match.playerA.name : match.winner === 'b' ? match.playerB.name : null;
  return (
    <section className="card tq-head">
      <div className="tq-head-top">
        <StatusChip tone={STATUS_TONE[match.status]} testId="match-status" live={match.status === 'live'}>
          {t(`taiqiu.status.${match.status}`)}
        </StatusChip>
        <span className="tq-head-right">
          <span className="muted small" data-testid="best-of">
            {t('taiqiu.bestOf', { n: match.bestOf, win })}
          </span>
          <FavouriteStar target={{ matchId: match.id }} label={t('fav.match')} testId="fav-match" />
        </span>
      </div>
      <div className="tq-versus">
        <Player player={match.playerA} side="a" winner={match.winner === 'a'} />
        <div className="tq-score" data-testid="match-score" aria-live="polite">
          <ScoreNumber value={match.score.a} side="a" />
          <span className="tq-score-sep">:</span>
          <ScoreNumber value={match.score.b} side="b" />
        </div>
        <Player player={match.playerB} side="b" winner={match.winner === 'b'} />
      </div>
      <div className="tq-head-foot muted small">
        {match.status === 'live' && (
          <FrameLine
            match={match}
            between={match.frame ? null : t(betweenFrames(match) ? 'taiqiu.frameNextUp' : 'taiqiu.frame', { n: frame })}
          />
        )}
        {match.status === 'scheduled' && t('taiqiu.startAt', { time: formatDateTime(match.startAt).slice(5, 16) })}
        {match.status === 'finished' && winnerName && (
          <span className="gold-text">{t('taiqiu.winnerIs', { name: winnerName })}</span>
        )}
        {match.status === 'cancelled' && t('taiqiu.cancelledHint')}
      </div>
    </section>
  );
}

/**
 * The frame on, visit by visit: its points and who is at the table on what break; between frames,
 * `between` says so. Its second line stays when no one is at the table (blank), so that the page
 * below does not move up and down with each visit.
 */
function FrameLine({ match, between }: { match: MatchDetails; between: string | null }) {
  const { t } = useT();
  const frame = match.frame;
  const player = frame?.atTable === 'a' ? match.playerA.name : frame?.atTable === 'b' ? match.playerB.name : null;
  const visit =
    frame && player
      ? frame.break > 0
        ? t('taiqiu.atTableBreak', { name: player, n: frame.break })
        : t('taiqiu.atTable', { name: player })
      : null;
  return (
    <span className="tq-frame" data-testid={frame ? 'frame-in-play' : undefined}>
      <span>
        {frame ? t('taiqiu.framePoints', { n: frame.number, a: frame.points.a, b: frame.points.b }) : between}
      </span>
      {visit ? (
        <span className="tq-frame-visit" data-testid="at-table">
          {visit}
        </span>
      ) : (
        <span className="tq-frame-visit" aria-hidden="true">
          {'\u00a0'}
        </span>
      )}
    </span>
  );
}

/** What an empty "my bets" says: only a match still open for bets invites a tap on the odds. */
const EMPTY_HINT: Partial<Record<MatchDetails['status'], string>> = {
  finished: 'taiqiu.my.emptyFinished',
  cancelled: 'taiqiu.my.emptyCancelled',
};

function MyBets({ match, loggedIn }: { match: MatchDetails; loggedIn: boolean }) {
  const { t } = useT();
  const location = useLocation();
  if (!loggedIn) {
    return (
      <section className="tq-my">
        <h2 className="section-title">{t('taiqiu.my.title')}</h2>
        <div className="card tq-my-guest">
          <span className="muted">{t('taiqiu.my.guest')}</span>
          <Link
            className="btn btn-gold btn-small"
            to={pathTo('login', {}, { redirect: location.pathname + location.search })}
          >
            {t('taiqiu.my.login')}
          </Link>
        </div>
      </section>
    );
  }
  const bets = match.myBets ?? [];
  const marketName = (id: number) => match.markets.find((m) => m.id === id)?.name ?? '';
  return (
    <section className="tq-my">
      <div className="tq-section-head">
        <h2 className="section-title">{t('taiqiu.my.title')}</h2>
        <Link to={pathTo('touzhutaiqiu', { gameType: 'taiqiu' })} className="tq-rules-link">
          {t('taiqiu.my.all')} ›
        </Link>
      </div>
      {bets.length === 0 ? (
        <div className="card muted tq-my-empty" data-testid="my-bets-empty">
          {t(EMPTY_HINT[match.status] ?? 'taiqiu.my.empty')}
        </div>
      ) : (
        <CashoutBoard>
          <ul className="tq-my-list" data-testid="my-bets">
            {bets.map((b) => (
              <li key={b.betNo} className="card tq-my-bet" data-bet-no={b.betNo} data-status={b.status}>
                <Link to={pathTo('touzhuDetails', { gameType: 'taiqiu' }, { betNo: b.betNo })} className="tq-my-link">
                  <div className="tq-my-top">
                    <span>
                      {marketName(b.marketId) && <span className="muted">{marketName(b.marketId)} · </span>}
                      <strong>{b.selectionName}</strong> @ <span className="gold-text">{formatOdds(b.odds)}</span>
                    </span>
                    <StatusChip tone={BET_TONE[b.status]} live={b.status === 'pending'}>
                      {t(`taiqiu.bet.${b.status}`)}
                    </StatusChip>
                  </div>
                  <div className="tq-my-bottom muted small">
                    <span>
                      {t('taiqiu.my.stake')} <MoneyText value={b.stake} />
                    </span>
                    {b.status === 'open' || b.status === 'pending' ? (
                      <span>
                        {t('taiqiu.my.return')} <MoneyText value={b.potentialReturn} />
                      </span>
                    ) : b.status === 'rejected' ? (
                      <BetStatusText bet={b} />
                    ) : (
                      <span>
                        {t('taiqiu.my.payout')}{' '}
                        <MoneyText value={b.payout} className={b.payout > 0 ? 'money-pos' : undefined} />
                      </span>
                    )}
                    <span className="mono">{b.betNo}</span>
                  </div>
                </Link>
                {b.status === 'open' && <CashoutButton betNo={b.betNo} />}
              </li>
            ))}
          </ul>
        </CashoutBoard>
      )}
    </section>
  );
}
