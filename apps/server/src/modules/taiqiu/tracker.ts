import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode, type taiqiu } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { framesOf } from './book-state.js';
import { matches, visits, type FrameRow, type MatchRow } from './tables.js';

/** How many of the last visits the tracker shows. */
export const TRACKER_VISITS = 30;
/** How many of the last meetings head-to-head lists. */
const LAST_MEETINGS = 5;

/** taiqiu/tracker: a match's frames, last visits and its players' head-to-head (docs/design.md §9). */
export async function trackerOf(db: Conn, matchId: number): Promise<taiqiu.TrackerView> {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  const [played, last, headToHead] = await Promise.all([
    framesOf(db, matchId),
    lastVisits(db, matchId),
    headToHeadOf(db, match),
  ]);
  return { frames: frameResults(match, played), visits: last, headToHead };
}

/**
 * Every frame whose winner is known: the book's record of it (the feed's result, or the
 * operator's score one frame on), else the winner alone from the match's own record of draws.
 */
function frameResults(m: MatchRow, played: FrameRow[]): taiqiu.FrameResult[] {
  const byNumber = new Map<number, taiqiu.FrameResult>();
  [...m.frames].forEach((winner, i) =>
    byNumber.set(i + 1, { number: i + 1, winner: winner as 'a' | 'b', points: null, highBreak: null }),
  );
  for (const f of played) {
    const points = f.pointsA !== null && f.pointsB !== null ? { a: f.pointsA, b: f.pointsB } : null;
    byNumber.set(f.frame, { number: f.frame, winner: f.winner, points, highBreak: f.highBreak });
  }
  return [...byNumber.values()].sort((x, y) => x.number - y.number);
}

async function lastVisits(db: Conn, matchId: number): Promise<taiqiu.Visit[]> {
  const rows = await db
    .select({
      seq: visits.seq,
      frame: visits.frame,
      player: visits.player,
      points: visits.points,
      break: visits.break,
      foul: visits.foul,
    })
    .from(visits)
    .where(eq(visits.matchId, matchId))
    .orderBy(desc(visits.seq))
    .limit(TRACKER_VISITS);
  return rows.reverse();
}

/** The pair's finished meetings before this match, counted on this match's sides (a name is a player). */
async function headToHeadOf(db: Conn, m: MatchRow): Promise<taiqiu.HeadToHead> {
  const low = m.playerAName < m.playerBName ? m.playerAName : m.playerBName;
  const high = low === m.playerAName ? m.playerBName : m.playerAName;
  // The columns of the index taiqiu_matches_pair (drizzle/0045_tracker.sql).
  const pair = and(
    eq(matches.status, 'finished'),
    sql`least(${matches.playerAName}, ${matches.playerBName}) = ${low}`,
    sql`greatest(${matches.playerAName}, ${matches.playerBName}) = ${high}`,
    sql`${matches.id} <> ${m.id}`,
  );
  // Player a of this match: which side they were on then.
  const asA = sql`(${matches.playerAName} = ${m.playerAName})`;
  const [[totals], last] = await Promise.all([
    db
      .select({
        played: sql<number>`count(*)::int`,
        winsA: sql<number>`count(*) FILTER (WHERE (${matches.winner} = 'a') = ${asA})::int`,
        framesA: sql<number>`coalesce(sum(CASE WHEN ${asA} THEN ${matches.scoreA} ELSE ${matches.scoreB} END), 0)::int`,
        framesB: sql<number>`coalesce(sum(CASE WHEN ${asA} THEN ${matches.scoreB} ELSE ${matches.scoreA} END), 0)::int`,
      })
      .from(matches)
      .where(pair),
    db
      .select({
        id: matches.id,
        startAt: matches.startAt,
        asA: sql<boolean>`${asA}`,
        scoreA: matches.scoreA,
        scoreB: matches.scoreB,
        winner: matches.winner,
      })
      .from(matches)
      .where(pair)
      .orderBy(desc(matches.startAt), asc(matches.id))
      .limit(LAST_MEETINGS),
  ]);
  const { played, winsA, framesA, framesB } = totals!;
  return {
    played,
    wins: { a: winsA, b: played - winsA },
    frames: { a: framesA, b: framesB },
    last: last.map((r) => ({
      id: r.id,
      startAt: r.startAt.toISOString(),
      score: r.asA ? { a: r.scoreA, b: r.scoreB } : { a: r.scoreB, b: r.scoreA },
      winner: (r.winner === 'a') === r.asA ? 'a' : 'b',
    })),
  };
}
