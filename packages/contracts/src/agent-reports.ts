import { z } from 'zod';
import { agentPassword, dividendRatioBp } from './agent.js';
import { gameType } from './bets.js';
import { defineCall, empty, envelope, money, moneyInput, pageRequest, pageResult } from './common.js';
import { rowId, str } from './fields.js';

/*
 * Agent back-office II (docs/screens.md Agent area; docs/design.md §8 Agents): the team's reports, read
 * from daily roll-ups per (member, day, game type), and the agent's settled commission (daily)
 * and dividend (weekly). Every report route of the player app is one page component configured
 * by REPORT_LAYOUTS below: the server answers a kind with exactly the columns listed for it.
 *
 * Win/loss is the players' side throughout: payout − stake (positive: the team won). Net adds
 * the rebates and bonuses the team received. A dividend is paid on the team's net loss, −net.
 * Dates are calendar days of the site's time zone (YYYY-MM-DD), `from` and `to` inclusive.
 */

/** A report covers at most 90 days (docs/screens.md). */
export const MAX_AGENT_REPORT_DAYS = 90;

export const siteDate = str()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date.format')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'date.format');

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

export const reportKinds = [
  'team',
  'costs',
  'games',
  'net',
  'cash',
  'fees',
  'dividend',
  'pokerInsurance',
  'numbers',
] as const;
export const reportKind = z.enum(reportKinds, { error: 'invalid' });
export type ReportKind = z.infer<typeof reportKind>;

/** 'team': everyone below me; 'direct': my direct members only (not their teams). */
export const reportScopes = ['team', 'direct'] as const;
export const reportScope = z.enum(reportScopes, { error: 'invalid' });
export type ReportScope = z.infer<typeof reportScope>;

/** Per-member drill-downs of one day (the `{date}` routes). */
export const dayDetails = [
  'rebates',
  'bonuses',
  'commission',
  'games',
  'memberGames',
  'net',
  'deposits',
  'withdrawals',
  'firstDeposits',
] as const;
export const dayDetail = z.enum(dayDetails, { error: 'invalid' });
export type DayDetail = z.infer<typeof dayDetail>;

/** money: minor units; signed: money shown green/red; count: people or orders; bp: basis points. */
export type ColumnFormat = 'money' | 'signed' | 'count' | 'bp';
export interface ReportColumn {
  key: string;
  format: ColumnFormat;
  /** The day detail this column's figure opens for its row's date. */
  drill?: DayDetail;
}

const m = (key: string, drill?: DayDetail): ReportColumn =>
  drill ? { key, format: 'money', drill } : { key, format: 'money' };
const s = (key: string, drill?: DayDetail): ReportColumn =>
  drill ? { key, format: 'signed', drill } : { key, format: 'signed' };
const c = (key: string): ReportColumn => ({ key, format: 'count' });

/**
 * What each kind answers: its rows are days ('day') or dividend weeks ('week', keyed by the
 * Monday), each with these columns; the summary has the same keys summed over the period (for
 * 'week' rows and headcounts of distinct people, the server's own total).
 */
export const REPORT_LAYOUTS = {
  team: {
    rows: 'day',
    columns: [m('commission'), m('dividend'), m('validBet'), s('winLoss'), c('registrations'), c('firstDepositCount')],
  },
  costs: { rows: 'day', columns: [m('rebates', 'rebates'), m('bonuses', 'bonuses'), m('commission', 'commission')] },
  games: { rows: 'day', columns: [m('validBet', 'memberGames'), s('winLoss', 'games'), m('commission', 'commission')] },
  net: {
    rows: 'day',
    columns: [m('stake'), m('payout'), m('rebates'), m('bonuses'), s('net', 'net')],
  },
  cash: {
    rows: 'day',
    columns: [
      m('deposits', 'deposits'),
      c('depositCount'),
      c('depositors'),
      m('withdrawals', 'withdrawals'),
      c('withdrawalCount'),
      m('firstDeposits', 'firstDeposits'),
      c('firstDepositCount'),
    ],
  },
  fees: { rows: 'day', columns: [m('depositFees'), m('withdrawalFees'), m('fees')] },
  dividend: {
    rows: 'week',
    columns: [m('netLoss'), m('costs'), s('carryIn'), { key: 'ratioBp', format: 'bp' }, m('dividend')],
  },
  pokerInsurance: { rows: 'day', columns: [m('premiums'), m('payouts'), s('net'), m('myShare')] },
  numbers: { rows: 'day', columns: [c('registrations'), c('firstDepositors'), c('depositors'), c('activeBettors')] },
} as const satisfies Record<ReportKind, { rows: 'day' | 'week'; columns: readonly ReportColumn[] }>;

/** A day detail's per-member columns (rows: a member, or a member and game type for 'memberGames'; 'games': a game type, no member). */
export const DAY_LAYOUTS = {
  rebates: [m('rebates')],
  bonuses: [m('bonuses')],
  commission: [m('validBet'), { key: 'rateBp', format: 'bp' }, m('commission')],
  games: [m('stake'), m('validBet'), m('payout'), s('winLoss')],
  memberGames: [m('stake'), m('validBet'), m('payout'), s('winLoss')],
  net: [m('stake'), m('payout'), m('rebates'), m('bonuses'), s('net')],
  deposits: [m('deposits'), c('depositCount'), m('depositFees')],
  withdrawals: [m('withdrawals'), c('withdrawalCount'), m('withdrawalFees')],
  firstDeposits: [m('firstDeposits')],
} as const satisfies Record<DayDetail, readonly ReportColumn[]>;

/** The status of a dividend week (fenhongbb): 待发放 (not settled yet), 已发放, 无收益 (nothing due). */
export const dividendStatuses = ['pending', 'paid', 'none'] as const;
export const dividendStatus = z.enum(dividendStatuses);

const figures = z.record(z.string(), money);

const rangeChecked = <T extends { from: string; to: string }>(r: T, ctx: z.RefinementCtx) => {
  const days = daysBetween(r.from, r.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.order' });
  else if (days > MAX_AGENT_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.range' });
};

export const agentReportRequest = z
  .strictObject({ kind: reportKind, from: siteDate, to: siteDate, scope: reportScope.default('team') })
  .superRefine(rangeChecked);

export const reportRow = z.object({
  /** The day, or for 'week' rows the week's Monday. */
  date: z.string(),
  values: figures,
  /** 'week' rows only. */
  status: dividendStatus.optional(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const agentReport = defineCall({
  method: 'POST',
  path: '/agent/report',
  auth: true,
  request: agentReportRequest,
  response: envelope(
    z.object({
      kind: reportKind,
      timeZone: z.string(),
      summary: figures,
      /** Every day (or week) of the period, newest first, zeros included. */
      rows: z.array(reportRow),
      /** 'games' only: the period per game type (yxsy). */
      byGameType: z.array(z.object({ gameType, values: figures })).optional(),
    }),
  ),
});

export const dayRow = z.object({
  /** Null on 'games' rows (one per game type). */
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  gameType: gameType.nullable(),
  values: figures,
});
export type DayRow = z.infer<typeof dayRow>;

/** One day's rows per member (largest first), or per game type for 'games'. */
export const agentReportDay = defineCall({
  method: 'POST',
  path: '/agent/report/day',
  auth: true,
  request: pageRequest.extend({ detail: dayDetail, date: siteDate, scope: reportScope.default('team') }).strict(),
  response: envelope(pageResult(dayRow).extend({ summary: figures })),
});

/* ---------- the platform's commission table (pingtaifenyong) ---------- */

/**
 * A tier of the platform table: an agent whose team's valid bet of a game type on a day reaches
 * `minValidBet` may earn up to `rateBp` on it that day. An agent's effective rate is the lower of
 * its own rate and its tier's; with no tier for a game type, its own rate.
 */
export const platformTier = z.object({
  gameType,
  minValidBet: moneyInput.min(0, 'too_small'),
  rateBp: z.number().int().min(0).max(300),
});
export type PlatformTier = z.infer<typeof platformTier>;

export const agentPlatformRates = defineCall({
  method: 'POST',
  path: '/agent/platformRates',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      tiers: z.array(platformTier),
      /** Per game type: my team's valid bet today, the tier's rate it reaches (null: no table), my own rate, the effective one. */
      mine: z.array(
        z.object({
          gameType,
          teamValidBetToday: money,
          tierRateBp: z.number().int().nullable(),
          ownRateBp: z.number().int(),
          effectiveRateBp: z.number().int(),
        }),
      ),
    }),
  ),
});

/* ---------- dividend ratios (fenhongbili) ---------- */

export const agentDividendRatioList = defineCall({
  method: 'POST',
  path: '/agent/dividendRatio/list',
  auth: true,
  request: pageRequest.strict(),
  response: envelope(
    pageResult(
      z.object({ id: z.number().int(), username: z.string(), ratioBp: z.number().int(), teamCount: z.number().int() }),
    ).extend({ myRatioBp: z.number().int() }),
  ),
});

/** Sets a direct sub-agent's ratio (≤ mine: 422 agentRatioAboveOwn; a member: 422 agentRatioMemberOnly). */
export const agentDividendRatioSet = defineCall({
  method: 'POST',
  path: '/agent/dividendRatio/set',
  auth: true,
  request: z.strictObject({ memberId: rowId, ratioBp: dividendRatioBp, securityPassword: agentPassword }),
  response: envelope(z.object({ id: z.number().int(), ratioBp: z.number().int() })),
});
