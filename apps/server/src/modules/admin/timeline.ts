import { ErrorCode, playersAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { loginTimeline } from '../../platform/sessions.js';
import {
  newestFirst,
  parseTimelineCursor,
  timelineCursorOf,
  type TimelineCursor,
  type TimelineRow,
} from '../../platform/timeline.js';
import { usernamesOf } from '../auth/service.js';
import { betTimeline } from '../bets/service.js';
import { limitTimeline } from '../limits/service.js';
import { depositTimeline } from '../payments/service.js';
import { noteTimeline } from '../player-risk/service.js';
import { withdrawalTimeline } from '../withdrawals/service.js';

/*
 * A player's timeline (docs/design.md §9, "Player risk"): each module reads a page of its own
 * events after the cursor, and the page is the newest TIMELINE_PAGE of them all; the next starts
 * after its last event.
 */

type Source = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) => Promise<TimelineRow[]>;

const SOURCES: Source[] = [
  loginTimeline,
  depositTimeline,
  withdrawalTimeline,
  betTimeline,
  limitTimeline,
  noteTimeline,
];

export async function playerTimeline(
  db: Conn,
  input: { userId: number; after?: string | undefined },
): Promise<{ items: playersAdmin.TimelineEvent[]; next: string | null }> {
  if (!(await usernamesOf(db, [input.userId])).has(input.userId)) {
    throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  }
  const cursor = input.after === undefined ? null : parseTimelineCursor(input.after);
  const page = playersAdmin.TIMELINE_PAGE;
  const rows = (await Promise.all(SOURCES.map((read) => read(db, input.userId, cursor, page + 1))))
    .flat()
    .sort(newestFirst);
  const shown = rows.slice(0, page);
  return {
    items: shown.map((r) => r.event),
    next: rows.length > page ? timelineCursorOf(shown.at(-1)!) : null,
  };
}
