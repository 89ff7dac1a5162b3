import { sql } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { timelineRows, type TimelineCursor } from '../../platform/timeline.js';
import { bets } from './tables.js';

/** The player's bets of every game for their timeline (platform/timeline.ts), as they stand now. */
export const betTimeline = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
  timelineRows<{ betNo: string; gameName: string; stake: string; status: taiqiu.BetStatus }>(
    db,
    {
      kind: 'bet',
      table: bets,
      userId,
      at: bets.placedAt,
      id: bets.id,
      columns: sql`${bets.betNo} AS "betNo", ${bets.gameName} AS "gameName", ${bets.stake} AS stake, ${bets.status} AS status`,
      toEvent: (r) => ({
        kind: 'bet',
        id: r.id,
        at: r.at,
        betNo: r.betNo,
        gameName: r.gameName,
        stake: Number(r.stake),
        status: r.status,
      }),
    },
    cursor,
    limit,
  );
