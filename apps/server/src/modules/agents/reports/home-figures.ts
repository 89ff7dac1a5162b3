import { and, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import type { agent } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { localDate, localDayStart, mondayOf } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { agentStatements } from '../report-tables.js';
import { commissionLinesOf, dividendOf } from '../settlement/estimate.js';
import { teamSums } from './team-sums.js';

/** The first day of the month of a site day (YYYY-MM-DD). */
const monthOf = (day: string) => `${day.slice(0, 8)}01`;

/*
 * agent/home's headline figures (shouye, baobiao): my whole team today from the roll-ups; my
 * commission today as it stands and this month (settled days' statements and today's estimate);
 * this week's dividend as it stands, and the dividends paid this month.
 */
export async function homeFigures(db: Conn, agentId: number, now: Date): Promise<agent.AgentProfile['figures']> {
  const { timeZone } = await getSysConfig(db);
  const today = localDate(now, timeZone);
  const monthStart = monthOf(today);
  const q = { agentId, scope: 'team' as const, from: today, to: today };
  const [team, commission, dividendMonth, week] = await Promise.all([
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
    commissionThisMonth(db, agentId, today),
    statementsSum(db, agentId, 'dividend', gte(agentStatements.createdAt, localDayStart(monthStart, timeZone))),
    dividendOf(db, agentId, mondayOf(today)),
  ]);
  const t = team.total;
  return {
    commissionToday: commission.today,
    commissionMonth: commission.month,
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

/**
 * My commission of this month's site days up to `today`: the settled days' statements and today's
 * estimate (today is never settled: only a period that has ended is). The one figure of "本月佣金"
 * on shouye and /user/share.
 */
export async function commissionThisMonth(db: Conn, agentId: number, today: string) {
  const [linesToday, settled] = await Promise.all([
    commissionLinesOf(db, agentId, today),
    statementsSum(db, agentId, 'commission', gte(agentStatements.period, monthOf(today))),
  ]);
  const estimate = linesToday.reduce((a, l) => a + l.amount, 0);
  return { today: estimate, month: settled + estimate };
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
