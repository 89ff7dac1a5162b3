import { sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { timelineRows, type TimelineCursor } from '../../platform/timeline.js';
import { playerNotes } from './tables.js';

/** The notes operators wrote on the player, for their timeline (platform/timeline.ts). */
export const noteTimeline = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
  timelineRows<{ body: string; by: string }>(
    db,
    {
      kind: 'note',
      table: playerNotes,
      userId,
      at: playerNotes.writtenAt,
      id: playerNotes.id,
      columns: sql`${playerNotes.body} AS body, ${playerNotes.writtenBy} AS "by"`,
      toEvent: (r) => ({ kind: 'note', id: r.id, at: r.at, body: r.body, by: r.by }),
    },
    cursor,
    limit,
  );
