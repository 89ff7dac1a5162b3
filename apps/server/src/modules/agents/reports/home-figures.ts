import { and, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import type { agent } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { localDate, localDayStart, mondayOf } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { agentStatements } from '../report-tables.js';
import { commissionLinesOf, dividendOf } from '../settlement/estimate.js';
import { teamSums } from './team-sums.js';

/*
 * agent/home's headline figures (shouye, baobiao): my whole team today from the roll-ups; my
 * commission today as it stands and this month (settled days' statements and today's estimate);
 * this week's dividend as it stands, and the dividends paid this month.
 */
export async function homeFigures(db: Conn, agentId: number, now: Date): Promise<agent.AgentProfile['figures']> {
  const { timeZone } = await getSysConfig(db);
  const today = localDate(now, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const q = { agentId, scope: 'team' as const, from: today, to: today };
  // Today is never settled (only a period that has ended is): its commission is the estimate.
  const [team, linesToday, settledMonth, dividendMonth, week] = await Promise.all([
    teamSums(
      db,
      q,
      [
        'deposits',
        'withdrawals',
        'validBet',
        'winLoss',
        'rebates',
        'bonuses',
        'fees',
        'insuranceNet',
        'registrations',
        'firstDepositors',
      ],
      'day',
    ),
    commissionLinesOf(db, agentId, today),
    statementsSum(db, agentId, 'commission', gte(agentStatements.period, monthStart)),
    statementsSum(db, agentId, 'dividend', gte(agentStatements.createdAt, localDayStart(monthStart, timeZone))),
    dividendOf(db, agentId, mondayOf(today)),
  ]);
  const commissionToday = linesToday.reduce((a, l) => a + l.amount, 0);
  const t = team.total;
  return {
    commissionToday,
    commissionMonth: settledMonth + commissionToday,
    dividendWeek: week.amount,
    dividendMonth,
    depositsToday: t.deposits,
    withdrawalsToday: t.withdrawals,
    validBetToday: t.validBet,
    winLossToday: t.winLoss,
    rebatesToday: t.rebates,
    bonusesToday: t.bonuses,
    feesToday: t.fees,
    insuranceNetToday: t.insuranceNet,
    registrationsToday: t.registrations,
    firstDepositorsToday: t.firstDepositors,
  };
}

/** What my statements of a kind paid, among those matching `condition`. */
async function statementsSum(db: Conn, agentId: number, kind: 'commission' | 'dividend', condition: SQL) {
  const [row] = await db
    .select({ paid: sql<number>`coalesce(sum(${agentStatements.amount}), 0)`.mapWith(Number) })
    .from(agentStatements)
    .where(
      and(
        eq(agentStatements.agentId, agentId),
        eq(agentStatements.kind, kind),
        gt(agentStatements.amount, 0),
        condition,
      ),
    );
  return row?.paid ?? 0;
}
