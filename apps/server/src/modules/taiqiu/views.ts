import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { ErrorCode, type Lang, type taiqiu } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { playerBetsOfRound, returnOf } from '../bets/service.js';
import { commitmentView, fairnessOf } from './fairness.js';
import { marketName, selectionName, type Players } from './labels.js';
import { frameOf } from './frame.js';
import { loadMatch, marketsOf, offeredMarkets, onSale, type MarketWithSelections } from './matches.js';
import { favourites, matches, type MatchRow } from './tables.js';

const FILTER_STATUSES: Record<'live' | 'upcoming' | 'finished', MatchRow['status'][]> = {
  live: ['live'],
  upcoming: ['scheduled'],
  finished: ['finished', 'cancelled'],
};

export interface MatchPageInput {
  status?: keyof typeof FILTER_STATUSES | undefined;
  /** Only the favourites of this player: the matches they starred, or in which a player they starred plays. */
  starredBy?: number | undefined;
  page: number;
  pageSize: number;
}

/** Matches of the filter with their markets: live first, then upcoming by start, then ended ones newest first. */
export async function pageOfMatches(db: Conn, input: MatchPageInput) {
  const where = and(
    input.status ? inArray(matches.status, FILTER_STATUSES[input.status]) : undefined,
    input.starredBy === undefined ? undefined : starredMatches(db, input.starredBy),
  );
  const rank = sql`CASE ${matches.status} WHEN 'live' THEN 0 WHEN 'scheduled' THEN 1 ELSE 2 END`;
  const ended = sql`CASE WHEN ${matches.status} IN ('finished', 'cancelled') THEN ${matches.startAt} END`;
  const { list: rows, total } = await pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(matches)
        .where(where)
        .orderBy(asc(rank), desc(ended), asc(matches.startAt), asc(matches.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(matches, where),
  );
  const allMarkets = await marketsOf(
    db,
    rows.map((m) => m.id),
  );
  return { rows, allMarkets, total };
}

/**
 * The player's favourite matches. Each list is read once (hashed), then checked against every
 * match: no index holds a match's players' names, and the list's order reads the matches whole anyway.
 */
function starredMatches(db: Conn, userId: number) {
  const mine = (column: typeof favourites.matchId | typeof favourites.player) =>
    db
      .select({ v: column })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), isNotNull(column)));
  return or(
    inArray(matches.id, mine(favourites.matchId)),
    inArray(matches.playerAName, mine(favourites.player)),
    inArray(matches.playerBName, mine(favourites.player)),
  );
}

/** taiqiu/matches; `favourites` keeps those of the signed-in player (`userId`): a guest (null) has none. */
export async function listMatches(
  db: Conn,
  input: MatchPageInput & { favourites?: boolean | undefined },
  userId: number | null,
) {
  let starredBy: number | undefined;
  if (input.favourites) {
    if (userId === null) return { list: [], total: 0, page: input.page, pageSize: input.pageSize };
    starredBy = userId;
  }
  const { rows, allMarkets, total } = await pageOfMatches(db, { ...input, starredBy });
  return { list: rows.map((m) => toMatchItem(m, allMarkets)), total, page: input.page, pageSize: input.pageSize };
}

/** A match page: the match, its markets named in `lang`, and the caller's bets when logged in. */
export async function matchDetails(
  db: Conn,
  id: number,
  lang: Lang,
  userId: number | null,
): Promise<taiqiu.MatchDetails> {
  const state = await loadMatch(db, id);
  if (!state) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  const { match } = state;
  const details: taiqiu.MatchDetails = {
    ...toMatchItem(match, state.markets),
    winner: match.winner,
    markets: offeredMarkets(match, state.markets).map((m) => toMarket(m, playersOf(match), lang)),
    fairness: fairnessOf(match),
  };
  if (userId !== null) {
    const mine = await playerBetsOfRound(db, userId, 'taiqiu', String(match.id));
    details.myBets = mine.map((b) => ({
      betNo: b.betNo,
      marketId: b.marketId ?? 0,
      marketType: b.marketType ?? 'winner',
      frame: b.frame,
      selectionId: b.selectionId ?? 0,
      pick: b.pick ?? 'a',
      selectionName: b.selectionName ?? '',
      line: b.line,
      odds: (b.oddsMilli ?? 0) / 1000,
      stake: b.stake,
      potentialReturn: returnOf(b.stake, b.oddsMilli ?? 0),
      payout: b.payout,
      status: b.status,
      rejectedReason: b.rejectedReason,
      createdAt: b.placedAt.toISOString(),
      settledAt: b.settledAt?.toISOString() ?? null,
    }));
  }
  return details;
}

export const playersOf = (m: MatchRow): Players => ({ a: m.playerAName, b: m.playerBName });

export function toMatchItem(m: MatchRow, allMarkets: MarketWithSelections[]): taiqiu.MatchItem {
  const winner = offeredMarkets(m, allMarkets).find((k) => k.type === 'winner' && k.status !== 'closed');
  const oddsOf = (pick: 'a' | 'b') => (winner?.selections.find((s) => s.pick === pick)?.oddsMilli ?? 0) / 1000;
  return {
    id: m.id,
    playerA: { name: m.playerAName, avatar: m.playerAAvatar },
    playerB: { name: m.playerBName, avatar: m.playerBAvatar },
    bestOf: m.bestOf,
    startAt: m.startAt.toISOString(),
    status: m.status,
    score: { a: m.scoreA, b: m.scoreB },
    frame: frameOf(m),
    mainOdds: winner ? { marketId: winner.id, status: winner.status, a: oddsOf('a'), b: oddsOf('b') } : null,
    ...commitmentView(m),
  };
}

export function toMarket(m: MarketWithSelections, players: Players, lang: Lang): taiqiu.Market {
  return {
    id: m.id,
    type: m.type,
    name: marketName(m.type, lang, m),
    ...(m.line === null ? {} : { line: m.line }),
    ...(m.frame === null ? {} : { frame: m.frame }),
    status: m.status,
    minStake: m.minStake,
    maxStake: m.maxStake,
    selections: onSale(m).map((s) => ({
      id: s.id,
      pick: s.pick,
      name: selectionName(m.type, m.line, s.pick, players, lang),
      odds: s.oddsMilli / 1000,
    })),
  };
}
