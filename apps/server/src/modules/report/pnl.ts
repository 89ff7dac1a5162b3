import type { reportAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import type { Conn } from '../../platform/db.js';
import { periodsBetween } from '../../platform/periods.js';
import { betFiguresBy, betFiguresByPeriod } from '../bets/service.js';
import { providerNames } from '../games/service.js';
import { getSysConfig } from '../system/service.js';
import { creditTotalsByPeriod, REPORT_CREDITS, type ReportCredit } from '../wallet/service.js';

/*
 * The operator's profit and loss (docs/design.md §9, "Reports"). The bets' figures come from the
 * bets settled in each period; what the house gave back beside them from the ledger: what entries
 * of each code credited to players' cash in the period (net of any taken back). NGR is what is
 * left of the GGR after all of them. A report: it reads a replica where one is configured.
 */

type PnlInput = z.output<(typeof reportAdmin)['pnlReport']['request']>;
type BreakdownInput = z.output<(typeof reportAdmin)['pnlBreakdown']['request']>;
type BetSide = Omit<reportAdmin.PnlFigures, 'bonuses' | 'rebates' | 'commissions' | 'dividends' | 'ngr'>;

const noBets: BetSide = { bets: 0, players: 0, turnover: 0, validBet: 0, payout: 0, ggr: 0 };

/** The bets' figures and the ledger's credits as one row, NGR computed. */
function pnlOf(betSide: BetSide, credits: Map<ReportCredit, number> | undefined): reportAdmin.PnlFigures {
  const [bonuses, rebates, commissions, dividends] = REPORT_CREDITS.map((code) => credits?.get(code) ?? 0) as [
    number,
    number,
    number,
    number,
  ];
  const ngr = betSide.ggr - bonuses - rebates - commissions - dividends;
  return { ...betSide, bonuses, rebates, commissions, dividends, ngr };
}

/** Profit and loss per period of the range (every one, oldest first), a page of them, and the totals. */
export async function pnlReport(db: Conn, input: PnlInput, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const range = { from: new Date(input.from), to: new Date(input.to) };
  const [bets, credits] = await Promise.all([
    betFiguresByPeriod(db, range, input.group, timeZone, now),
    creditTotalsByPeriod(db, range, input.group, timeZone, now),
  ]);
  const periods = periodsBetween(range.from, range.to, input.group, timeZone);
  const totalCredits = new Map<ReportCredit, number>();
  for (const byCode of credits.values())
    for (const [code, amount] of byCode) totalCredits.set(code, (totalCredits.get(code) ?? 0) + amount);
  const start = (input.page - 1) * input.pageSize;
  return {
    list: periods
      .slice(start, start + input.pageSize)
      .map((period) => ({ period, ...pnlOf(bets.periods.get(period) ?? noBets, credits.get(period)) })),
    total: periods.length,
    page: input.page,
    pageSize: input.pageSize,
    totals: pnlOf(bets.total, totalCredits),
    timeZone,
  };
}

/** The range's bets by game type, provider (named), game or billiards match. */
export async function pnlBreakdown(db: Conn, input: BreakdownInput, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const range = { from: new Date(input.from), to: new Date(input.to) };
  const [page, names] = await Promise.all([
    betFiguresBy(db, range, input.by, input, timeZone, now),
    input.by === 'provider' ? providerNames(db) : undefined,
  ]);
  const list = names ? page.list.map((r) => ({ ...r, label: names.get(r.key) ?? r.label })) : page.list;
  return { list, total: page.total, page: input.page, pageSize: input.pageSize };
}
