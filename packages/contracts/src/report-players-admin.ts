import { z } from 'zod';
import { envelope, money, pageRequest, pageResult } from './common.js';
import { defineAdminCall } from './operator-calls.js';
import { inOrder, periodsRequest, rangeRequest, reportRange } from './report-range.js';

/*
 * The players report (console 报表 › 玩家, docs/design.md §9, "Reports"): registrations, first
 * deposits and conversion, active players, retention by registration day, and the range's top
 * winners and losers. Every figure comes from the daily roll-ups per player and site day
 * (docs/design.md §8, Agents), which every player has, under an agent or not.
 *
 * An active player, here and in retention, is one who had a bet settled that site day (won, lost
 * or cashed out): a roll-up counts a bet on the day it settles; a void bet that gave its stake
 * back, and insurance, do not count.
 */

/** What the players did in a period. */
export const playerFigures = z.object({
  /** Players who registered. */
  registrations: z.number().int(),
  /** Players whose first deposit ever was credited in the period, whenever they registered. */
  firstDepositors: z.number().int(),
  /** What those first deposits were. */
  firstDeposits: money,
  /** Of the players who registered in the period, those whose first deposit was credited in the same period. */
  converted: z.number().int(),
  /** converted ÷ registrations, in basis points (1 = 0.01 %), rounded down; 0 without registrations. */
  conversionBp: z.number().int(),
  /** Distinct players who had a bet settled in the period (active, above). */
  activePlayers: z.number().int(),
});
export type PlayerFigures = z.infer<typeof playerFigures>;

export const playersRow = playerFigures.extend({
  /** The period: its first day (YYYY-MM-DD; a week starts on Monday) or month (YYYY-MM). */
  period: z.string(),
});
export type PlayersRow = z.infer<typeof playersRow>;

/**
 * The players' figures per period, oldest first, every period of the range (empty ones as 0), and
 * the range's totals (players counted once over the range).
 */
export const playersReport = defineAdminCall({
  path: '/reports/players',
  roles: ['finance', 'risk'],
  csv: true,
  request: periodsRequest,
  response: envelope(pageResult(playersRow).extend({ totals: playerFigures, timeZone: z.string() })),
});

/** The days after registration that retention is measured on. */
export const RETENTION_DAYS = [1, 7, 30] as const;

export const cohortRow = z.object({
  /** The registration day (YYYY-MM-DD, the site's zone). */
  day: z.string(),
  /** Players who registered that day. */
  registered: z.number().int(),
  /** Of them, those active on the day after (D1), the 7th and the 30th day after; null until that day has ended. */
  d1: z.number().int().nullable(),
  d7: z.number().int().nullable(),
  d30: z.number().int().nullable(),
});
export type CohortRow = z.infer<typeof cohortRow>;

/** Retention per registration day of the range, oldest first, every day listed (empty ones as 0). */
export const retentionCohorts = defineAdminCall({
  path: '/reports/players/cohorts',
  roles: ['finance', 'risk'],
  csv: true,
  request: rangeRequest,
  response: envelope(pageResult(cohortRow).extend({ timeZone: z.string() })),
});

export const topSides = ['winners', 'losers'] as const;
export type TopSide = (typeof topSides)[number];
/** How many players a top list may hold (`top`). */
export const TOP_SIZES = [20, 50, 100] as const;

export const topPlayerRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  /** Bets settled in the range (as active counts them). */
  bets: z.number().int(),
  /** Their stakes (流水). */
  turnover: money,
  /** What they paid back (winnings, refunds of part-void bets, cash-outs), also later wins of earlier bets. */
  payout: money,
  /** The player's win/loss: payout − turnover; positive: the player won. */
  winLoss: money,
});
export type TopPlayerRow = z.infer<typeof topPlayerRow>;

/**
 * The range's top `top` winners (win/loss > 0, the largest first) or losers (win/loss < 0, the
 * largest loss first), paged.
 */
export const topPlayers = defineAdminCall({
  path: '/reports/players/top',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest
    .extend({
      ...reportRange,
      side: z.enum(topSides, { error: 'invalid' }).default('winners'),
      top: z.union([z.literal(20), z.literal(50), z.literal(100)], { error: 'invalid' }).default(20),
    })
    .strict()
    .superRefine(inOrder),
  response: envelope(pageResult(topPlayerRow)),
});
