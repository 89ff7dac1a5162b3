import type { LiveEvent } from '@breakshot/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSiteTime } from '../../lib/time';
import { refetchIfInFlight, useLiveEvent, useLiveStatus } from '../../lib/use-live';
import { GameLobby } from './game-lobby';
import { homeMatchesKey, homeMatchesQuery, type MatchItem } from './api/taiqiu-matches';
import './home-live.css';
import './i18n-live';
import { formatOdds } from '../../lib/odds';

/*
 * The games of /home, loaded after first paint (lazy chunk, outside the start-up budget): the games
 * lobby with the billiards section as its 台球 tab. The banners are home-banners.tsx.
 */

type MatchUpdated = Extract<LiveEvent, { type: 'MATCH_UPDATED' }>;

/** While the live connection (a guest's too) is not open, the match list is polled this often. */
const POLL_MS = 15_000;

/** The lazy entry of home-page.tsx. */
export default function HomeGames() {
  return <GameLobby billiards={<HomeMatches />} />;
}

const STATUS_TONE: Record<MatchItem['status'], ChipTone> = {
  scheduled: 'success',
  live: 'pending',
  finished: 'muted',
  cancelled: 'danger',
};

/** A list item after a MATCH_UPDATED event: status, score and the winner market's odds. */
export function applyToItem(m: MatchItem, ev: MatchUpdated): MatchItem {
  if (m.id !== ev.matchId) return m;
  let mainOdds = m.mainOdds;
  const winner = ev.markets?.find((x) => x.type === 'winner');
  if (winner) {
    const a = winner.selections.find((s) => s.pick === 'a')?.odds;
    const b = winner.selections.find((s) => s.pick === 'b')?.odds;
    mainOdds =
      winner.status === 'closed' || a === undefined || b === undefined
        ? null
        : { marketId: winner.id, status: winner.status, a, b };
  }
  return { ...m, status: ev.status, score: ev.score, mainOdds };
}

/** Billiards: live and upcoming matches, kept current by MATCH_UPDATED; a card opens /taiqiu/{id}. */
export function HomeMatches() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const liveStatus = useLiveStatus();
  const q = useQuery({ ...homeMatchesQuery(), refetchInterval: liveStatus === 'open' ? false : POLL_MS });

  useLiveEvent<MatchUpdated>('MATCH_UPDATED', (ev) => {
    if (refetchIfInFlight(queryClient, homeMatchesKey)) return;
    const list = queryClient.getQueryData<MatchItem[]>(homeMatchesKey);
    if (!list) return;
    const known = list.find((m) => m.id === ev.matchId);
    // A new match going live, or one of ours ending or starting: the list itself changes.
    if (!known || known.status !== ev.status) void queryClient.invalidateQueries({ queryKey: homeMatchesKey });
    if (known)
      queryClient.setQueryData<MatchItem[]>(
        homeMatchesKey,
        list.map((m) => applyToItem(m, ev)),
      );
  });

  let body;
  if (q.isPending) {
    body = (
      <div className="home-matches" aria-busy="true">
        {[0, 1].map((i) => (
          <div key={i} className="card home-match home-match-sk">
            <span className="sk sk-line" />
            <span className="sk sk-line" />
          </div>
        ))}
      </div>
    );
  } else if (q.isError) {
    body = (
      <div className="card home-matches-state">
        <span className="muted">{t('home.live.matchesFailed')}</span>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (q.data.length === 0) {
    body = (
      <div className="card home-matches-state muted" data-testid="home-matches-empty">
        {t('home.live.noMatches')}
      </div>
    );
  } else {
    body = (
      <div className="home-matches" data-testid="home-matches">
        {q.data.map((m) => (
          <MatchCard key={m.id} m={m} />
        ))}
      </div>
    );
  }

  return (
    <section className="home-billiards" aria-labelledby="home-billiards-title">
      <div className="home-section-head">
        <h2 className="section-title" id="home-billiards-title">
          {t('home.live.billiards')}
        </h2>
        <Link to={pathTo('taiqiuguize')} className="home-section-link">
          {t('home.live.rules')} ›
        </Link>
      </div>
      {body}
    </section>
  );
}

function MatchCard({ m }: { m: MatchItem }) {
  const { t } = useT();
  const formatDateTime = useSiteTime();
  const live = m.status === 'live';
  const odds = m.mainOdds;
  return (
    <Link
      to={pathTo('taiqiu', { id: m.id })}
      className={`card home-match${live ? ' home-match-live' : ''}`}
      data-testid="home-match"
      data-match-id={m.id}
      data-status={m.status}
    >
      <div className="home-match-top">
        <StatusChip tone={STATUS_TONE[m.status]} live={live}>
          {t(`home.live.status.${m.status}`)}
        </StatusChip>
        <span className="muted small">
          {live
            ? t('home.live.bestOf', { n: m.bestOf })
            : `${formatDateTime(m.startAt).slice(5, 16)} · ${t('home.live.bestOf', { n: m.bestOf })}`}
        </span>
      </div>
      <div className="home-match-body">
        <div className="home-match-player">
          <img src={m.playerA.avatar} alt="" width={34} height={34} loading="lazy" />
          <span>{m.playerA.name}</span>
        </div>
        <div className="home-match-score" data-testid="home-match-score">
          {live ? (
            <>
              <span key={`a${m.score.a}`} className="home-score-n">
                {m.score.a}
              </span>
              <span className="muted">:</span>
              <span key={`b${m.score.b}`} className="home-score-n">
                {m.score.b}
              </span>
            </>
          ) : (
            <span className="home-vs">VS</span>
          )}
        </div>
        <div className="home-match-player home-match-player-b">
          <span>{m.playerB.name}</span>
          <img src={m.playerB.avatar} alt="" width={34} height={34} loading="lazy" />
        </div>
      </div>
      {odds && (
        <div
          className={`home-match-odds${odds.status === 'open' ? '' : ' home-match-odds-off'}`}
          data-testid="home-match-odds"
        >
          <span>
            <em>{t('home.live.win', { name: m.playerA.name })}</em>
            <b>{odds.status === 'open' ? formatOdds(odds.a) : t('home.live.suspended')}</b>
          </span>
          <span>
            <em>{t('home.live.win', { name: m.playerB.name })}</em>
            <b>{odds.status === 'open' ? formatOdds(odds.b) : t('home.live.suspended')}</b>
          </span>
        </div>
      )}
    </Link>
  );
}
