import { z } from 'zod';
import { gameType } from './bets.js';
import { defineCall, empty, envelope, isoTime, money } from './common.js';

/*
 * VIP levels VIP0–VIP10 (docs/design.md §8; docs/screens.md /user/myVip, /user/vipDetails). A level is
 * reached when both its lifetime valid bet and lifetime deposits are; levels never go down. Each
 * level passed grants its upgrade bonus once; weekly gifts (Mondays) and monthly gifts (the 1st)
 * are granted by a job to the players at that level. Gifts and bonuses are rewards to claim.
 */

export const MAX_VIP_LEVEL = 10;
export const vipLevelNumber = z.number().int('invalid').min(0, 'too_small').max(MAX_VIP_LEVEL, 'too_big');

export const vipLevel = z.object({
  level: z.number().int(),
  /** Lifetime valid bet needed. */
  minValidBet: money,
  /** Lifetime credited deposits needed. */
  minDeposits: money,
  upgradeBonus: money,
  weeklyGift: money,
  monthlyGift: money,
  /** Turnover multiple of this level's bonus and gifts. */
  turnoverMultiple: z.number().int(),
  withdrawalsPerDay: z.number().int(),
  /** Rebate rate per game type, basis points. */
  rebateRates: z.record(gameType, z.number().int()),
});
export type VipLevel = z.infer<typeof vipLevel>;

export const vipLevels = defineCall({
  method: 'POST',
  path: '/user/vip/levels',
  auth: true,
  request: empty,
  response: envelope(z.object({ levels: z.array(vipLevel), current: z.number().int() })),
});

/** A gift of the current level: none (the level has none), granted (waiting in 领奖), claimed, or upcoming. */
export const giftStatus = z.enum(['none', 'upcoming', 'granted', 'claimed', 'expired']);
export type GiftStatus = z.infer<typeof giftStatus>;

export const vipInfo = defineCall({
  method: 'POST',
  path: '/user/vip/info',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      current: vipLevel,
      /** null at the top level. */
      next: vipLevel.nullable(),
      /** Lifetime figures counted towards the levels. */
      validBet: money,
      deposits: money,
      /** This period's gifts of the current level. */
      weekly: z.object({ status: giftStatus, amount: money, nextAt: isoTime }),
      monthly: z.object({ status: giftStatus, amount: money, nextAt: isoTime }),
      /** Upgrade bonuses granted so far, each level once. */
      upgradeBonuses: z.array(z.object({ level: z.number().int(), amount: money, status: giftStatus })),
    }),
  ),
});
