import type { playersAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { loginsByDay } from '../../platform/sessions.js';
import { newPlayersByDay } from '../auth/service.js';
import { betsByDay } from '../bets/service.js';
import { depositsByDay, manualQueueCounts } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import { openAlertCount } from '../taiqiu/service.js';
import { withdrawalQueueCounts, withdrawalsByDay } from '../withdrawals/service.js';
import { localDate } from '../../platform/time-range.js';

const DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last DAYS dates of the time zone, oldest first, ending today. */
export function lastDays(now: Date, timeZone: string, days = DAYS): string[] {
  return Array.from({ length: days }, (_, i) => localDate(new Date(now.getTime() - (days - 1 - i) * DAY_MS), timeZone));
}

/**
 * Today and the last 14 days in figures, and what waits in the queues. The figures are read
 * through `read` (a replica may serve them), the queues, which an operator's action just changed,
 * through `db`.
 */
export async function dashboard(db: Conn, now: Date, read: Conn = db) {
  const { timeZone } = await getSysConfig(read);
  const dates = lastDays(now, timeZone);
  // A day more than needed: the first date starts somewhere in the day before, in UTC.
  const from = new Date(now.getTime() - (DAYS + 1) * DAY_MS);
  const [deposits, withdrawals, settled, logins, newPlayers, queues] = await Promise.all([
    depositsByDay(read, { from }, timeZone),
    withdrawalsByDay(read, { from }, timeZone),
    betsByDay(read, { from }, timeZone),
    loginsByDay(read, from, timeZone),
    newPlayersByDay(read, from, timeZone),
    queueCounts(db),
  ]);
  const days = dates.map((date): playersAdmin.DayFigures => ({
    date,
    depositAmount: deposits.get(date)?.amount ?? 0,
    depositCount: deposits.get(date)?.count ?? 0,
    withdrawalAmount: withdrawals.get(date)?.amount ?? 0,
    withdrawalCount: withdrawals.get(date)?.count ?? 0,
    ggr: (settled.get(date)?.stake ?? 0) - (settled.get(date)?.payout ?? 0),
    activePlayers: logins.get(date) ?? 0,
    bettors: settled.get(date)?.players ?? 0,
    newPlayers: newPlayers.get(date) ?? 0,
  }));
  return { today: days[days.length - 1]!, days, queues, timeZone };
}

/** What waits for an operator (the console polls this for its live queues). */
export async function queueCounts(db: Conn): Promise<playersAdmin.QueueCounts> {
  const [deposits, withdrawals, tradingAlerts] = await Promise.all([
    manualQueueCounts(db),
    withdrawalQueueCounts(db),
    openAlertCount(db),
  ]);
  const times = [deposits.newestAt, withdrawals.newestAt].filter((t): t is Date => t !== null);
  return {
    manualDeposits: deposits.waiting,
    withdrawalsReviewing: withdrawals.reviewing,
    withdrawalsApproved: withdrawals.approved,
    tradingAlerts,
    newestAt: times.length ? new Date(Math.max(...times.map((t) => t.getTime()))).toISOString() : null,
  };
}
