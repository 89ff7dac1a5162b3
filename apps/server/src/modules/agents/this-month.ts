import { eq, gte } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { teamOf } from '../auth/service.js';
import { validBetOf } from '../bets/service.js';
import { localDate } from '../../platform/time-range.js';
import { commissionThisMonth } from './reports/home-figures.js';
import { siteTimes } from './site-time.js';
import { memberTotals } from './tables.js';

/**
 * /user/share's figures for this month (site time zone): the direct members I invited this
 * month, those of them whose first deposit came this month, their valid bet settled this month,
 * and my commission this month as shouye shows it (commissionThisMonth).
 */
export async function inviteThisMonth(db: Conn, userId: number, now: Date) {
  const { timeZone, monthStart } = await siteTimes(db, now);
  const direct = teamOf(db, userId, 'direct');
  const invited = await db
    .select({ id: direct.id, firstDepositAt: memberTotals.firstDepositAt })
    .from(direct)
    .leftJoin(memberTotals, eq(memberTotals.userId, direct.id))
    .where(gte(direct.createdAt, monthStart));
  const [validBet, commission] = await Promise.all([
    validBetOf(
      db,
      invited.map((m) => m.id),
      { from: monthStart },
    ),
    commissionThisMonth(db, userId, localDate(now, timeZone)),
  ]);
  return {
    invited: invited.length,
    firstDeposits: invited.filter((m) => m.firstDepositAt !== null && m.firstDepositAt >= monthStart).length,
    validBet,
    commission: commission.month,
  };
}
