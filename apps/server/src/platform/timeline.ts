import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { playersAdmin } from '@breakshot/contracts';
import { queryRows, type Conn } from './db.js';

/*
 * A player's timeline, as each module gives its part of it (docs/design.md §9, "Player risk"):
 * events newest first by (instant, kind, id), the instant to the microsecond so a page ends exactly
 * where the next begins. A module reads its events after the cursor with timelineRows; modules/admin
 * merges them into pages.
 */

type Kind = playersAdmin.TimelineKind;
type Event = playersAdmin.TimelineEvent;

/** Where a page ended: an event's instant (microseconds, UTC), kind and id. */
export interface TimelineCursor {
  at: string;
  kind: Kind;
  id: number;
}

/** An event with its exact instant, for the merge and the next cursor. */
export interface TimelineRow {
  exactAt: string;
  event: Event;
}

const rankOf = (kind: Kind) => playersAdmin.timelineKinds.indexOf(kind);

export const parseTimelineCursor = (text: string): TimelineCursor => {
  const [at, kind, id] = text.split('~');
  return { at: at!, kind: kind as Kind, id: Number(id) };
};

export const timelineCursorOf = (row: TimelineRow): string => `${row.exactAt}~${row.event.kind}~${row.event.id}`;

/** Newest first: by instant, then kind (the later in timelineKinds first), then id. */
export function newestFirst(a: TimelineRow, b: TimelineRow): number {
  if (a.exactAt !== b.exactAt) return a.exactAt < b.exactAt ? 1 : -1;
  if (a.event.kind !== b.event.kind) return rankOf(b.event.kind) - rankOf(a.event.kind);
  return b.event.id - a.event.id;
}

/** The events of `kind` that come after the cursor, as a condition on their instant and id. */
function afterCursor(kind: Kind, at: SQLWrapper, id: SQLWrapper, cursor: TimelineCursor | null): SQL {
  if (!cursor) return sql`true`;
  const instant = sql`${cursor.at}::timestamptz`;
  const rank = rankOf(kind);
  const cursorRank = rankOf(cursor.kind);
  if (rank < cursorRank) return sql`${at} <= ${instant}`;
  if (rank > cursorRank) return sql`${at} < ${instant}`;
  return sql`(${at}, ${id}) < (${instant}, ${cursor.id})`;
}

/**
 * Up to `limit` events of `kind` from `table` for the player after the cursor, newest first:
 * `columns` selects the event's fields besides id and kind, `toEvent` makes the event of a row.
 */
export async function timelineRows<R extends Record<string, unknown>>(
  db: Conn,
  source: {
    kind: Kind;
    table: SQLWrapper;
    userId: number;
    at: SQLWrapper;
    id: SQLWrapper;
    columns: SQL;
    toEvent: (row: R & { id: number; at: string }) => Event;
  },
  cursor: TimelineCursor | null,
  limit: number,
): Promise<TimelineRow[]> {
  const rows = await queryRows<R & { id: number; exactAt: string }>(
    db,
    sql`SELECT ${source.id}::int8 AS id,
               to_char(${source.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "exactAt", ${source.columns}
        FROM ${source.table}
        WHERE user_id = ${source.userId} AND ${afterCursor(source.kind, source.at, source.id, cursor)}
        ORDER BY ${source.at} DESC, ${source.id} DESC
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    exactAt: r.exactAt,
    event: source.toEvent({ ...r, id: Number(r.id), at: new Date(r.exactAt).toISOString() }),
  }));
}

type OrderKind = 'deposit' | 'withdrawal';

/**
 * A module's orders (deposits, withdrawals) for the timeline: their number, amount and status as
 * they stand now, from the columns of its orders table.
 */
export function orderTimeline<K extends OrderKind>(
  kind: K,
  table: SQLWrapper,
  columns: { id: SQLWrapper; at: SQLWrapper; orderNo: SQLWrapper; amount: SQLWrapper; status: SQLWrapper },
) {
  return (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
    timelineRows<{ orderNo: string; amount: string; status: string }>(
      db,
      {
        kind,
        table,
        userId,
        at: columns.at,
        id: columns.id,
        columns: sql`${columns.orderNo} AS "orderNo", ${columns.amount} AS amount, ${columns.status} AS status`,
        toEvent: (r) =>
          ({ kind, id: r.id, at: r.at, orderNo: r.orderNo, amount: Number(r.amount), status: r.status }) as Extract<
            Event,
            { kind: K }
          >,
      },
      cursor,
      limit,
    );
}
