import type { LiveEvent } from '@breakshot/contracts';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { StarIcon, useLoginFirst } from '../../components/favourites/favourite-star';
import { ChipRadios } from '../../components/ui/chip-filter';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { isFavouriteMatch, useFavourites, type Favourites } from '../../lib/taiqiu-favourites';
import { useSiteTime } from '../../lib/time';
import { refetchIfInFlight, useLiveEvent, useLiveStatus } from '../../lib/use-live';
import { GameLobby } from './game-lobby';
import { homeMatchesKey, homeMatchesQuery, type MatchFilter, type MatchItem } from './api/taiqiu-matches';
import { LiveStrip } from './home-live-strip';
import './home-live.css';
import './i18n-live';
import { formatOdds } from '../../lib/odds';
import { tabRemembered } from '../../lib/tab-memory';
import { readBootData } from '../../lib/boot-data';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { seedHomeMatches, type HomeGamesBoot } from './boot';

/*
 * The games of /home, loaded after first paint (lazy chunk, outside the start-up budget): the games
 * lobby with the billiards section as its 台球 tab. The banners are home-banners.tsx.
 */

type MatchUpdated = Extract<LiveEvent, { type: 'MATCH_UPDATED' }>;

/** While the live connection (a guest's too) is not open, the match list is polled this often. */
const POLL_MS = 15_000;

// Loaded with /home as the server rendered it (src/ssr): the app hydrates it from the same matches.
seedHomeMatches(readBootData<HomeGamesBoot>(), appQueryClient);

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

/** A list item after a MATCH_UPDATED event: status, score, the frame on and the winner market's odds. */
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
  const frame = ev.frame !== undefined ? ev.frame : m.frame;
  return { ...m, status: ev.status, score: ev.score, frame, mainOdds };
}

const FILTERS: readonly MatchFilter[] = ['all', 'fav'];
/** The filter chosen survives a trip into a match and back (this tab only). */
const FILTER_KEY = 'home_match_filter';

/** Billiards: live and upcoming matches, kept current by MATCH_UPDATED; a card opens /taiqiu/{id}. */
export function HomeMatches() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const liveStatus = useLiveStatus();
  const loggedIn = useSession((s) => s.token !== null);
  const favourites = useFavourites(loggedIn);
  const loginFirst = useLoginFirst();
  const [chosen, setChosen] = useState<MatchFilter>(() => (tabRemembered(FILTER_KEY) === 'fav' ? 'fav' : 'all'));
  const filter: MatchFilter = loggedIn ? chosen : 'all';
  const key = homeMatchesKey(filter);
  const q = useQuery({ ...homeMatchesQuery(filter), refetchInterval: liveStatus === 'open' ? false : POLL_MS });

  useLiveEvent<MatchUpdated>('MATCH_UPDATED', (ev) => {
    // The other filter's list is not kept current: it is read again when chosen.
    void queryClient.invalidateQueries({
      queryKey: homeMatchesKey(filter === 'fav' ? 'all' : 'fav'),
      refetchType: 'none',
    });
    if (refetchIfInFlight(queryClient, key)) return;
    const list = queryClient.getQueryData<MatchItem[]>(key);
    if (!list) return;
    const known = list.find((m) => m.id === ev.matchId);
    // A new match going live, or one of ours ending or starting: the list itself changes. A match
    // the favourites' list does not have is none of them (favourites do not change with a match's state).
    if (known ? known.status !== ev.status : filter === 'all') void queryClient.invalidateQueries({ queryKey: key });
    if (known)
      queryClient.setQueryData<MatchItem[]>(
        key,
        list.map((m) => applyToItem(m, ev)),
      );
  });

  const choose = (f: MatchFilter) => {
    if (f === 'fav' && !loggedIn) {
      loginFirst();
      return;
    }
    sessionStorage.setItem(FILTER_KEY, f);
    setChosen(f);
  };

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
      <ChipRadios<MatchFilter>
        options={FILTERS}
        value={filter}
        onChange={choose}
        label={(f) =>
          f === 'fav' ? (
            <span className="home-filter-fav">
              <StarIcon className="fav-mark" />
              {t('home.live.filter.fav')}
            </span>
          ) : (
            t('home.live.filter.all')
          )
        }
        dataKey="filter"
        chipClass="home-filter-chip"
        ariaLabel={t('home.live.filter')}
        testId="home-match-filter"
      />
      <MatchList q={q} filter={filter} favourites={favourites.data} />
    </section>
  );
}

function Skeletons() {
  return (
    <div className="home-matches" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="card home-match home-match-sk">
          <span className="sk sk-line" />
          <span className="sk sk-line" />
        </div>
      ))}
    </div>
  );
}

function Failed({ text, retry }: { text: string; retry: () => void }) {
  const { t } = useT();
  return (
    <div className="card home-matches-state">
      <span className="muted">{text}</span>
      <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** The filter's cards, starred ones marked; with their loading, error and empty states. */
function MatchList({
  q,
  filter,
  favourites,
}: {
  q: UseQueryResult<MatchItem[]>;
  filter: MatchFilter;
  favourites: Favourites | undefined;
}) {
  const { t } = useT();
  if (q.isPending) return <Skeletons />;
  if (q.isError) {
    const failed = filter === 'fav' ? 'home.live.favFailed' : 'home.live.matchesFailed';
    return <Failed text={t(failed)} retry={() => void q.refetch()} />;
  }
  if (q.data.length === 0) {
    return filter === 'fav' ? (
      <div className="card home-matches-state home-fav-empty muted" data-testid="home-fav-empty">
        <StarIcon className="fav-mark" />
        <span>{t('home.live.favEmpty')}</span>
      </div>
    ) : (
      <div className="card home-matches-state muted" data-testid="home-matches-empty">
        {t('home.live.noMatches')}
      </div>
    );
  }
  return (
    <div className="home-matches" data-testid="home-matches" data-filter={filter}>
      {q.data.map((m) => (
        <MatchCard key={m.id} m={m} starred={isFavouriteMatch(favourites, m)} />
      ))}
    </div>
  );
}

/** A match's card; only the card a MATCH_UPDATED changed renders again. */
const MatchCard = memo(function MatchCard({ m, starred }: { m: MatchItem; starred: boolean }) {
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
        <span className="home-match-tags">
          <StatusChip tone={STATUS_TONE[m.status]} live={live}>
            {t(`home.live.status.${m.status}`)}
          </StatusChip>
          {starred && (
            <span className="home-match-starred" data-testid="home-match-starred" title={t('home.live.starred')}>
              <StarIcon className="fav-mark" />
            </span>
          )}
        </span>
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
      {live && <LiveStrip m={m} />}
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
});
