import { z } from 'zod';
import { instant, pageRequest } from './common.js';

/* What every operator report's request shares (reportAdmin): a range of the site's days, grouped by period. */

/** A report covers at most a year (and an hour, for a change of clocks within it). */
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

export const reportGroups = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof reportGroups)[number];

/** `from` inclusive, `to` exclusive: the starts of the site's first day and of the day after the last. */
export const reportRange = { from: instant, to: instant };

/** A range's refinement: `to` after `from`, at most MAX_REPORT_DAYS apart. */
export const inOrder = (r: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const span = Date.parse(r.to) - Date.parse(r.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.order' });
  else if (span > MAX_REPORT_DAYS * DAY_MS + 3_600_000)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'reports.range' });
};

/** A paged report over a range. */
export const rangeRequest = pageRequest.extend(reportRange).strict().superRefine(inOrder);

/** A paged report over a range, per day, week or month. */
export const periodsRequest = pageRequest
  .extend({ ...reportRange, group: z.enum(reportGroups, { error: 'invalid' }).default('day') })
  .strict()
  .superRefine(inOrder);
