import { z } from 'zod';
import { defineCall, envelope, instant, money } from './common.js';

/*
 * The player's own report (docs/screens.md /user/gerenbaobiao): money in and out, bets, rebates and
 * bonuses over the date filter, with a row per day of the site's time zone.
 */

/** docs/screens.md: a report covers at most 90 days. */
export const MAX_REPORT_DAYS = 90;
const DAY_MS = 86_400_000;

export const reportFigures = z.object({
  /** Deposits credited (the amount paid). */
  deposits: money,
  /** Withdrawals paid out. */
  withdrawals: money,
  /** Stakes of the bets settled (won, lost or void) in the period. */
  stake: money,
  validBet: money,
  /** What those bets paid back (void bets: the stake refunded). */
  payout: money,
  /** Rebates claimed (ledger code rebate). */
  rebates: money,
  /** Bonuses and rewards credited (ledger code bonus; operator adjustments are not bonuses). */
  bonuses: money,
  /** payout − stake + rebates + bonuses. */
  winLoss: money,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportDay = reportFigures.extend({ date: z.string() });
export type ReportDay = z.infer<typeof reportDay>;

export const personalReportRequest = z
  .object({ from: instant, to: instant })
  .strict()
  .superRefine((r, ctx) => {
    const span = Date.parse(r.to) - Date.parse(r.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.order' });
    // An hour of slack: 90 whole days in a zone with a DST change can run an hour over.
    else if (span > MAX_REPORT_DAYS * DAY_MS + 3_600_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.range' });
  });

export const personalReport = defineCall({
  method: 'POST',
  path: '/user/personalReport',
  auth: true,
  request: personalReportRequest,
  response: envelope(
    z.object({
      totals: reportFigures,
      /** Days of the site's time zone that had any figure, oldest first. */
      days: z.array(reportDay),
      timeZone: z.string(),
    }),
  ),
});
