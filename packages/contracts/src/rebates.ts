import { z } from 'zod';
import { gameType } from './bets.js';
import { defineCall, empty, envelope, isoTime, money, pageRequest, pageResult, timeRange } from './common.js';

/*
 * Real-time rebates (返水, docs/design.md §8; docs/screens.md /user/shishifanshui, fanshuiguize,
 * fanshuilogs). Every settled bet's valid bet accrues at the rate of the player's VIP level at
 * settlement; the player claims what accrued at most once per REBATE_CLAIM_INTERVAL_MINUTES,
 * at least REBATE_MIN_CLAIM. Rates are in basis points (1 bp = 0.01 %: 80 = 0.80 %).
 */

export const REBATE_CLAIM_INTERVAL_MINUTES = 10;
/** ¥1.00 in minor units. */
export const REBATE_MIN_CLAIM = 100;
/** The highest rate an operator may set: 5 %. */
export const MAX_REBATE_RATE_BP = 500;

export const rateBp = z.number().int('invalid').min(0, 'too_small').max(MAX_REBATE_RATE_BP, 'too_big');

/** One game type's part of the rebate. */
export const rebateItem = z.object({
  gameType,
  /** Valid bet settled since the last claim (不含已返水). */
  validBet: money,
  /** The rate of the player's level now (accruals before a level change kept the rate then). */
  rateBp: z.number().int(),
  /** What a claim now pays for this game type: floor of the accrued amount. */
  amount: money,
});
export type RebateItem = z.infer<typeof rebateItem>;

export const rebateSummary = defineCall({
  method: 'POST',
  path: '/user/rebate/summary',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      vipLevel: z.number().int(),
      /** Claimable now, all game types (it may be below the minimum). */
      total: money,
      /** Every game type, in gameTypes order. */
      items: z.array(rebateItem),
      minClaim: money,
      intervalMinutes: z.number().int(),
      lastClaimAt: isoTime.nullable(),
      /** When a claim is allowed again (null: now). */
      nextClaimAt: isoTime.nullable(),
    }),
  ),
});

export const rebateClaimed = z.object({
  id: z.number().int(),
  amount: money,
  /** Game types with an amount, each with the valid bet it paid for. */
  items: z.array(rebateItem),
  createdAt: isoTime,
});
export type RebateClaimed = z.infer<typeof rebateClaimed>;

/**
 * Claims every game type's accrued rebate in one ledger transfer. Refused 429 (data.retryAfter in
 * seconds, message with the minutes and seconds left) within the interval, 422 below the minimum.
 */
export const rebateClaim = defineCall({
  method: 'POST',
  path: '/user/rebate/claim',
  auth: true,
  request: empty,
  response: envelope(rebateClaimed.extend({ balance: money })),
});

export const rebateLogsRequest = pageRequest.extend({ ...timeRange.shape }).strict();

export const rebateLogs = defineCall({
  method: 'POST',
  path: '/user/rebate/logs',
  auth: true,
  request: rebateLogsRequest,
  response: envelope(pageResult(rebateClaimed).extend({ totalAmount: money })),
});

/** Rates of every level (0–10) and game type. */
export const rebateRateRow = z.object({ vipLevel: z.number().int(), rates: z.record(gameType, z.number().int()) });

export const rebateRules = defineCall({
  method: 'POST',
  path: '/user/rebate/rules',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      levels: z.array(rebateRateRow),
      minClaim: money,
      intervalMinutes: z.number().int(),
      vipLevel: z.number().int(),
    }),
  ),
});
