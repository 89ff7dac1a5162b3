import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { agentReports, bets } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import type { Page } from '../../../platform/paging.js';
import { teamOf, type TeamScope } from '../../auth/service.js';
import { agentDaily } from '../report-tables.js';
import { commissionLinesOfDay, settledPeriods } from './earnings.js';
import { FIGURES, sum, teamSums, type FigureKey } from './team-sums.js';

/*
 * agent/report/day: one day of a report, per member (largest first), per game type ('games'), or
 * per member and game type ('memberGames'), paged; the summary is the whole day's total.
 */

type DayInput = z.output<typeof agentReports.agentReportDay.request>;
type DayRow = agentReports.DayRow;
type DayPage = Page<DayRow> & { summary: Record<string, number> };

const d = agentDaily;
const played = sql`${sum(d.betCount)} > 0 OR ${FIGURES.payout} > 0`;

interface Detail {
  keys: FigureKey[];
  /** Rows per member, per game type, or both. */
  by: 'member' | 'game' | 'memberGame';
  /** Which rows have something to show. */
  having: SQL;
  /** Largest first by this. */
  order: SQL;
}

const DETAILS: Record<Exclude<agentReports.DayDetail, 'commission'>, Detail> = {
  rebates: { keys: ['rebates'], by: 'member', having: sql`${FIGURES.rebates} > 0`, order: FIGURES.rebates },
  bonuses: { keys: ['bonuses'], by: 'member', having: sql`${FIGURES.bonuses} > 0`, order: FIGURES.bonuses },
  games: { keys: ['stake', 'validBet', 'payout', 'winLoss'], by: 'game', having: played, order: FIGURES.validBet },
  memberGames: {
    keys: ['stake', 'validBet', 'payout', 'winLoss'],
    by: 'memberGame',
    having: played,
    order: FIGURES.validBet,
  },
  net: {
    keys: ['stake', 'payout', 'rebates', 'bonuses', 'net'],
    by: 'member',
    having: sql`${played} OR ${FIGURES.rebates} > 0 OR ${FIGURES.bonuses} > 0`,
    order: sql`abs(${FIGURES.net})`,
  },
  deposits: {
    keys: ['deposits', 'depositCount', 'depositFees'],
    by: 'member',
    having: sql`${FIGURES.depositCount} > 0`,
    order: FIGURES.deposits,
  },
  withdrawals: {
    keys: ['withdrawals', 'withdrawalCount', 'withdrawalFees'],
    by: 'member',
    having: sql`${FIGURES.withdrawalCount} > 0`,
    order: FIGURES.withdrawals,
  },
  firstDeposits: {
    keys: ['firstDeposits'],
    by: 'member',
    having: sql`${FIGURES.firstDepositCount} > 0`,
    order: FIGURES.firstDeposits,
  },
};

export async function agentReportDay(db: Conn, agentId: number, input: DayInput): Promise<DayPage> {
  return input.detail === 'commission'
    ? commissionDay(db, agentId, input)
    : rollupDay(db, agentId, input, DETAILS[input.detail]);
}

async function rollupDay(db: Conn, agentId: number, input: DayInput, detail: Detail): Promise<DayPage> {
  const team = teamOf(db, agentId, input.scope);
  const members = detail.by !== 'game';
  const games = detail.by !== 'member';
  const figures = Object.fromEntries(detail.keys.map((k) => [k, FIGURES[k]])) as Record<FigureKey, SQL<number>>;
  const page = (limit: number, offset: number) =>
    db
      .select({
        memberId: members ? team.id : sql<null>`NULL`,
        username: members ? team.username : sql<null>`NULL`,
        gameType: games ? d.gameType : sql<null>`NULL`,
        total: sql<number>`count(*) OVER ()`.mapWith(Number),
        ...figures,
      })
      .from(d)
      .innerJoin(team, eq(team.id, d.userId))
      .where(and(eq(d.day, input.date), games ? ne(d.gameType, '') : undefined))
      .groupBy(...(members ? [team.id, team.username] : []), ...(games ? [d.gameType] : []))
      .having(detail.having)
      .orderBy(desc(detail.order), ...(members ? [asc(team.id)] : []), ...(games ? [asc(d.gameType)] : []))
      .limit(limit)
      .offset(offset);
  const q = { agentId, scope: input.scope, from: input.date, to: input.date };
  const [found, sums] = await Promise.all([
    page(input.pageSize, (input.page - 1) * input.pageSize),
    teamSums(db, q, detail.keys, 'day'),
  ]);
  // Past the last page no row tells the total.
  const total = found[0]?.total ?? (input.page === 1 ? 0 : ((await page(1, 0))[0]?.total ?? 0));
  return {
    list: found.map(({ memberId, username, gameType, total: _, ...values }) => ({
      memberId,
      username,
      gameType: (gameType || null) as bets.GameType | null,
      values,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
    summary: sums.total as Record<string, number>,
  };
}

/** yongjinDetails: my commission lines of the day, per member and game type (settled or estimated). */
async function commissionDay(db: Conn, agentId: number, input: DayInput): Promise<DayPage> {
  const settled = (await settledPeriods(db, 'commission', input.date, input.date)).has(input.date);
  const lines = (await commissionLinesOfDay(db, agentId, input.scope, input.date, settled))
    .filter((l) => l.gameType !== '')
    .sort((a, b) => b.amount - a.amount || a.memberId - b.memberId || a.gameType.localeCompare(b.gameType));
  const shown = lines.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
  const names = await usernamesOf(
    db,
    agentId,
    input.scope,
    shown.map((l) => l.memberId),
  );
  const validBet = lines.reduce((a, l) => a + l.base, 0);
  const commission = lines.reduce((a, l) => a + l.amount, 0);
  return {
    list: shown.map((l) => ({
      memberId: l.memberId,
      username: names.get(l.memberId) ?? null,
      gameType: l.gameType as bets.GameType,
      values: { validBet: l.base, rateBp: l.rateBp, commission: l.amount },
    })),
    total: lines.length,
    page: input.page,
    pageSize: input.pageSize,
    // The day's rate is the average one: what the commission is of the valid bet.
    summary: { validBet, rateBp: validBet > 0 ? Math.floor((commission * 10_000) / validBet) : 0, commission },
  };
}

async function usernamesOf(db: Conn, agentId: number, scope: TeamScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const team = teamOf(db, agentId, scope);
  const rows = await db
    .select({ id: team.id, username: team.username })
    .from(team)
    .where(inArray(team.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}
