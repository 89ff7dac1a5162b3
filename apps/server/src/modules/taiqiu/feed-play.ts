import { and, count, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { ErrorCode, feed, type taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { matches as seedMatches } from '../../platform/fair.js';
import { refreshBook } from './book.js';
import { isFinal, isLive } from './book/state.js';
import { announceStarted, loadMatch, publishMatch } from './matches.js';
import { createMatch } from './new-match.js';
import { cancelMatch, finishMatch, scoreRule } from './settlement.js';
import { frames, matches, visits, type MatchRow } from './tables.js';

/*
 * A match as the data feed plays it (modules/feed sequences the events; docs/design.md §9). Each
 * event is applied in its match's order, with the match and its markets locked (the order bets
 * and operators take them in); the book then re-prices and decides what the event made certain
 * (book.ts), and open pages are told on commit. The markets are open while the match is to be
 * played or a frame is on, and the feed holds nothing: between frames, and while the feed has a
 * gap or has gone silent, they are suspended.
 */

export type FeedState = MatchRow['feedState'];

/** Where the feed's match stands: the last event applied and whether the feed holds it. */
export interface FeedPosition {
  matchId: number;
  seq: number;
  feedState: FeedState;
}

/** The feed's match, locked; null before its match_scheduled has been applied. */
export async function feedPositionOf(tx: Tx, providerId: string, match: string): Promise<FeedPosition | null> {
  const [row] = await tx
    .select({ matchId: matches.id, seq: matches.feedSeq, feedState: matches.feedState })
    .from(matches)
    .where(and(eq(matches.feedProviderId, providerId), eq(matches.feedMatch, match)))
    .for('update');
  return row ?? null;
}

/**
 * Applies one event (the next of its match) and records it as the last applied. Returns whether
 * some selection got its outcome: its bets are to be settled once this commits.
 */
export async function applyFeedEvent(tx: Tx, ctx: AppContext, providerId: string, e: feed.FeedEvent): Promise<boolean> {
  if (e.type === 'match_scheduled') {
    await schedule(tx, ctx, providerId, e);
    return false;
  }
  const position = await feedPositionOf(tx, providerId, e.match);
  // The feed applies a match's events from its match_scheduled on (modules/feed/sequence.ts).
  if (!position) throw new Error(`feed match ${providerId}/${e.match} applied before it was scheduled`);
  const state = (await loadMatch(tx, position.matchId, true))!;
  const change = changeOf(state.match, e);
  await tx
    .update(matches)
    .set({ feedSeq: e.seq, feedHeardAt: ctx.now(), ...change })
    .where(eq(matches.id, position.matchId));
  if (change.status === 'live') await announceStarted(tx, ctx, state.match);
  if (e.type === 'frame_ended' && isOpen(state.match)) await recordFrame(tx, state.match, e);
  if (e.type === 'match_ended') return endMatch(tx, ctx, state.match, e);
  if (e.type === 'match_abandoned') {
    if (isOpen(state.match)) await cancelMatch(tx, ctx, state.match.id);
    return isOpen(state.match);
  }
  const visit = e.type === 'visit' && isOpen(state.match) ? await recordVisit(tx, state.match, e) : undefined;
  return refreshBook(tx, ctx, position.matchId, visit);
}

/** The visit in the match's record (the tracker's history); MATCH_UPDATED carries it too. */
async function recordVisit(tx: Tx, m: MatchRow, e: feed.FeedEvent & { type: 'visit' }): Promise<taiqiu.Visit> {
  const visit = { seq: e.seq, frame: e.frame, player: e.player, points: e.points, break: e.break, foul: e.foul };
  await tx
    .insert(visits)
    .values({ matchId: m.id, ...visit })
    .onConflictDoNothing();
  return visit;
}

/** The frame's result, with its highest break as its visits told it. */
async function recordFrame(tx: Tx, m: MatchRow, e: feed.FeedEvent & { type: 'frame_ended' }) {
  await tx
    .insert(frames)
    .values({
      matchId: m.id,
      frame: e.frame,
      winner: e.winner,
      pointsA: e.points.a,
      pointsB: e.points.b,
      highBreak: m.frameNo === e.frame && m.frameBreaksKnown ? m.frameHighBreak : null,
    })
    .onConflictDoNothing();
}

/** A new match, or a scheduled one's new line-up or start. */
async function schedule(tx: Tx, ctx: AppContext, providerId: string, e: feed.FeedEvent & { type: 'match_scheduled' }) {
  const position = await feedPositionOf(tx, providerId, e.match);
  if (!position) {
    const made = await createMatch(tx, ctx, {
      playerA: e.playerA,
      playerB: e.playerB,
      bestOf: e.bestOf,
      startAt: new Date(e.startAt),
      frameWinA: e.frameWinA ?? 0.5,
      feed: { providerId, match: e.match, seedHash: e.seedHash ?? null },
    });
    await tx.update(matches).set({ feedSeq: e.seq }).where(eq(matches.id, made.id));
    return;
  }
  const state = (await loadMatch(tx, position.matchId, true))!;
  const rescheduled = state.match.status === 'scheduled' ? { startAt: new Date(e.startAt) } : {};
  await tx
    .update(matches)
    .set({ feedSeq: e.seq, feedHeardAt: ctx.now(), ...rescheduled })
    .where(eq(matches.id, position.matchId));
  await publishMatch(tx, ctx, position.matchId);
}

/** The match's columns an event changes. */
function changeOf(m: MatchRow, e: feed.FeedEvent): Partial<MatchRow> {
  if (!isOpen(m)) return {};
  switch (e.type) {
    case 'match_started':
      return { status: 'live', phase: null };
    case 'frame_started':
      return {
        ...framePlay(e.frame, { a: 0, b: 0 }, e.breaker, 0, 'frame'),
        framePotted: 0,
        frameHighBreak: 0,
        frameBreaksKnown: true,
      };
    case 'visit': {
      const other = e.player === 'a' ? 'b' : 'a';
      const points = { a: m.framePointsA, b: m.framePointsB };
      points[e.player] += e.points;
      points[other] += e.foul;
      const table = feed.tableAfter(e);
      return {
        status: 'live',
        ...framePlay(e.frame, points, table.atTable, table.break, 'frame'),
        framePotted: m.framePotted + e.points,
        frameHighBreak: Math.max(m.frameHighBreak, e.break),
        highBreak: Math.max(m.highBreak, e.break),
      };
    }
    case 'frame_ended': {
      const score = { a: m.scoreA + (e.winner === 'a' ? 1 : 0), b: m.scoreB + (e.winner === 'b' ? 1 : 0) };
      return {
        status: 'live',
        scoreA: score.a,
        scoreB: score.b,
        frames: m.frames + e.winner,
        ...framePlay(e.frame, e.points, null, 0, 'break'),
      };
    }
    default:
      return {};
  }
}

const framePlay = (
  frameNo: number,
  points: { a: number; b: number },
  atTable: 'a' | 'b' | null,
  currentBreak: number,
  phase: 'frame' | 'break',
) => ({ frameNo, framePointsA: points.a, framePointsB: points.b, atTable, currentBreak, phase });

const isOpen = (m: MatchRow) => m.status === 'scheduled' || m.status === 'live';

/** The feed's final score settles the match; a provably fair feed's seed is kept once it is the one committed to. */
async function endMatch(tx: Tx, ctx: AppContext, m: MatchRow, e: feed.FeedEvent & { type: 'match_ended' }) {
  if (!isOpen(m)) return false;
  await finishMatch(tx, ctx, m.id, e.score);
  if (e.serverSeed && m.seedHash && seedMatches(e.serverSeed, m.seedHash)) {
    await tx.update(matches).set({ serverSeed: e.serverSeed }).where(eq(matches.id, m.id));
  }
  return true;
}

/** The feed holds the match's markets (a gap, silence) or lets them go (ok); pages are told. */
export async function setFeedState(tx: Tx, ctx: AppContext, matchId: number, feedState: FeedState): Promise<void> {
  const [m] = await tx.update(matches).set({ feedState }).where(eq(matches.id, matchId)).returning();
  if (!m || !isOpen(m)) return;
  await refreshBook(tx, ctx, matchId);
}

/** An event of the match was heard (applied or held): it is not silent. */
export async function feedHeard(tx: Tx, ctx: AppContext, matchId: number): Promise<void> {
  await tx.update(matches).set({ feedHeardAt: ctx.now() }).where(eq(matches.id, matchId));
}

/** Live matches of the provider the feed has been silent on since `before`, not yet held as stale. */
export async function silentFeedMatches(tx: Tx, providerId: string, before: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.feedProviderId, providerId),
        eq(matches.status, 'live'),
        eq(matches.feedState, 'ok'),
        lt(matches.feedHeardAt, before),
      ),
    );
  return rows.map((r) => r.id);
}

/** The match's place in its feed, for the console; null for a match no feed plays (or none at all). */
export async function feedOfMatch(db: Conn, matchId: number) {
  const [row] = await db
    .select({
      providerId: matches.feedProviderId,
      feedMatch: matches.feedMatch,
      seq: matches.feedSeq,
      feedState: matches.feedState,
      heardAt: matches.feedHeardAt,
    })
    .from(matches)
    .where(eq(matches.id, matchId));
  return row ?? null;
}

export interface FeedMatchCounts {
  live: number;
  gap: number;
  stale: number;
}

/** Per feed provider: its live matches, and those of them the feed holds for a gap or silence. */
export async function feedMatchCounts(db: Conn): Promise<Map<string, FeedMatchCounts>> {
  const rows = await db
    .select({
      providerId: matches.feedProviderId,
      live: count(),
      gap: count(sql`CASE WHEN ${matches.feedState} = 'gap' THEN 1 END`),
      stale: count(sql`CASE WHEN ${matches.feedState} = 'stale' THEN 1 END`),
    })
    .from(matches)
    .where(and(isNotNull(matches.feedProviderId), eq(matches.status, 'live')))
    .groupBy(matches.feedProviderId);
  return new Map(rows.map(({ providerId, ...c }) => [providerId!, c]));
}

/**
 * A snapshot replaces the match's state as of its `seq`: created if the feed never scheduled it,
 * its score and frame set, finished or abandoned as it says.
 */
export async function applyFeedSnapshot(tx: Tx, ctx: AppContext, providerId: string, s: feed.FeedSnapshot) {
  if (!(await feedPositionOf(tx, providerId, s.match))) {
    await schedule(tx, ctx, providerId, { ...s, type: 'match_scheduled', id: `snapshot:${s.seq}` });
  }
  const position = (await feedPositionOf(tx, providerId, s.match))!;
  const { match } = (await loadMatch(tx, position.matchId, true))!;
  if (!isOpen(match)) {
    await tx.update(matches).set({ feedSeq: s.seq, feedState: 'ok' }).where(eq(matches.id, match.id));
    return;
  }
  const finished = s.status === 'finished';
  const valid = finished ? isFinal(match.bestOf, s.score) : s.status === 'abandoned' || isLive(match.bestOf, s.score);
  if (!valid) throw new AppError(ErrorCode.BAD_REQUEST, 'matchScoreInvalid', scoreRule(match.bestOf));
  await tx
    .update(matches)
    .set({
      feedSeq: s.seq,
      feedState: 'ok',
      feedHeardAt: ctx.now(),
      ...(s.status === 'live'
        ? { status: 'live' as const, phase: s.frame ? ('frame' as const) : ('break' as const) }
        : {}),
      ...(finished ? {} : { scoreA: s.score.a, scoreB: s.score.b }),
      ...(s.frames ? { frames: s.frames.join('') } : {}),
      ...snapshotFrame(match, s),
    })
    .where(eq(matches.id, match.id));
  await recordSnapshotFrames(tx, match.id, s.frames ?? []);
  if (s.status === 'live') await announceStarted(tx, ctx, match);
  if (finished) {
    await finishMatch(tx, ctx, match.id, s.score);
    return;
  }
  if (s.status === 'abandoned') {
    await cancelMatch(tx, ctx, match.id);
    return;
  }
  await refreshBook(tx, ctx, match.id);
}

/**
 * The frame in play as the snapshot gives it. Visits it skipped are not known: what was potted is
 * taken as the points, and the breaks as unknown (the markets they decide are void, unless made
 * certain before).
 */
function snapshotFrame(m: MatchRow, s: feed.FeedSnapshot): Partial<MatchRow> {
  const skipped = s.seq > m.feedSeq && s.status !== 'scheduled';
  if (!s.frame) return { breaksKnown: m.breaksKnown && !skipped };
  const same = m.phase === 'frame' && m.frameNo === s.frame.number;
  const frameHighBreak = Math.max(same ? m.frameHighBreak : 0, s.frame.break);
  return {
    ...framePlay(s.frame.number, s.frame.points, s.frame.atTable, s.frame.break, 'frame'),
    framePotted: skipped || !same ? s.frame.points.a + s.frame.points.b : m.framePotted,
    frameHighBreak,
    frameBreaksKnown: (same ? m.frameBreaksKnown : true) && !skipped,
    highBreak: Math.max(m.highBreak, frameHighBreak),
    breaksKnown: m.breaksKnown && !skipped,
  };
}

/** The winners of frames the snapshot went past, as frames played with their figures unknown. */
async function recordSnapshotFrames(tx: Tx, matchId: number, winners: ('a' | 'b')[]) {
  if (winners.length === 0) return;
  await tx
    .insert(frames)
    .values(
      winners.map((winner, i) => ({ matchId, frame: i + 1, winner, pointsA: null, pointsB: null, highBreak: null })),
    )
    .onConflictDoNothing();
}
