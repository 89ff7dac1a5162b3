import { z } from 'zod';
import { gameType } from './bets.js';
import { envelope, money, pageRequest, pageResult } from './common.js';
import { defineAdminCall } from './operator-calls.js';
import { inOrder, periodsRequest, reportRange } from './report-range.js';

export * from './report-agents-admin.js';
export * from './report-payments-admin.js';
export * from './report-players-admin.js';
export * from './report-range.js';

/*
 * The operator's reports (console 报表, docs/design.md §9, "Reports"): profit and loss over a
 * range of the site's days, by day, week or month, and by game type, provider, game or billiards match.
 * Paged lists with a CSV export (POST under ADMIN_PREFIX; operator-calls.ts has the roles).
 */

export const pnlDimensions = ['game_type', 'provider', 'game', 'match'] as const;
export type PnlDimension = (typeof pnlDimensions)[number];

/** What the bets settled in a period did for the house. */
export const betFigures = z.object({
  /** Bets settled (won, lost, void or cashed out). */
  bets: z.number().int(),
  /** Players who had one. */
  players: z.number().int(),
  /** Their stakes (流水). */
  turnover: money,
  validBet: money,
  /** What they paid back: winnings, refunds of void bets, cash-outs. */
  payout: money,
  /** Gross gaming revenue: turnover − payout. */
  ggr: money,
});

export const pnlFigures = betFigures.extend({
  /** Rewards, promotions and VIP gifts credited (ledger code bonus). */
  bonuses: money,
  /** Rebates claimed (ledger code rebate). */
  rebates: money,
  /** Agents' commissions and dividends paid (ledger codes commission, dividend). */
  commissions: money,
  dividends: money,
  /** Net gaming revenue: GGR − bonuses − rebates − commissions − dividends. */
  ngr: money,
});
export type PnlFigures = z.infer<typeof pnlFigures>;

export const pnlRow = pnlFigures.extend({
  /** The period: its first day (YYYY-MM-DD; a week starts on Monday) or month (YYYY-MM). */
  period: z.string(),
});
export type PnlRow = z.infer<typeof pnlRow>;

/** Profit and loss per period, oldest first, every period of the range (empty ones as 0), and the range's totals. */
export const pnlReport = defineAdminCall({
  path: '/reports/pnl',
  roles: ['finance', 'risk'],
  csv: true,
  request: periodsRequest,
  response: envelope(pageResult(pnlRow).extend({ totals: pnlFigures, timeZone: z.string() })),
});

export const pnlBreakdownRow = betFigures.extend({
  /** The game type, the provider's id ('taiqiu': the house's own billiards book), the game's name, or the match's id. */
  key: z.string(),
  gameType,
  /** What the console shows: the provider's or the game's name, or the match's players. */
  label: z.string(),
});
export type PnlBreakdownRow = z.infer<typeof pnlBreakdownRow>;

/** The bets of the range by game type, provider, game or billiards match, the largest turnover first. */
export const pnlBreakdown = defineAdminCall({
  path: '/reports/pnl/breakdown',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest
    .extend({ ...reportRange, by: z.enum(pnlDimensions, { error: 'invalid' }).default('game_type') })
    .strict()
    .superRefine(inOrder),
  response: envelope(pageResult(pnlBreakdownRow)),
});
