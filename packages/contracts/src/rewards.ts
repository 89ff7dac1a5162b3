import { z } from 'zod';
import { defineCall, empty, envelope, isoTime, money, pageRequest, pageResult, timeRange } from './common.js';
import { rowId, str } from './fields.js';

/*
 * Rewards, the daily betting task and the daily wheel (docs/design.md §8; docs/screens.md /user/fuli,
 * /user/lingjiang, /user/tiantianzhuan). A reward is a grant waiting to be claimed; claiming
 * credits the balance (ledger code bonus) and adds amount × turnoverMultiple to the turnover a
 * withdrawal needs. Unclaimed rewards expire.
 */

export const rewardSources = [
  'vip_upgrade',
  'vip_weekly',
  'vip_monthly',
  'promotion',
  'task',
  'spin',
  'agent',
  'operator',
  'newbie',
] as const;
export const rewardSource = z.enum(rewardSources, { error: 'invalid' });
export type RewardSource = z.infer<typeof rewardSource>;

export const rewardStatuses = ['unclaimed', 'claimed', 'expired'] as const;
export const rewardStatus = z.enum(rewardStatuses, { error: 'invalid' });
export type RewardStatus = z.infer<typeof rewardStatus>;

export const reward = z.object({
  id: z.number().int(),
  source: rewardSource,
  /** What it is for, in the request's language (e.g. "VIP3 晋级礼金", "每日投注任务 ¥1,000"). */
  title: z.string(),
  amount: money,
  turnoverMultiple: z.number().int(),
  status: rewardStatus,
  createdAt: isoTime,
  expiresAt: isoTime,
  claimedAt: isoTime.nullable(),
});
export type Reward = z.infer<typeof reward>;

export const rewardListRequest = pageRequest.extend({ status: rewardStatus.default('unclaimed') }).strict();

export const rewardList = defineCall({
  method: 'POST',
  path: '/user/reward/list',
  auth: true,
  request: rewardListRequest,
  response: envelope(
    pageResult(reward).extend({
      /** Waiting rewards, whatever the tab. */
      unclaimedCount: z.number().int(),
      unclaimedTotal: money,
    }),
  ),
});

/** Rewards one claim of all may name: more than a player ever has waiting. */
export const MAX_RECEIVE_IDS = 500;

/**
 * One reward (`id`), or the ones the player confirmed (`ids`: 一键领取 names what its confirm
 * showed, so a reward granted meanwhile is not claimed unseen, with its turnover); both: all of
 * them. A reward that is not the player's refuses the whole claim (404); those claimed or expired
 * meanwhile are left out, and when none is left the claim is refused 409.
 */
export const rewardReceive = defineCall({
  method: 'POST',
  path: '/user/reward/receive',
  auth: true,
  request: z
    .object({
      id: rowId.optional(),
      ids: z.array(rowId).min(1, 'required').max(MAX_RECEIVE_IDS, 'too_big').optional(),
    })
    .strict()
    .refine((r) => r.id !== undefined || r.ids !== undefined, { path: ['ids'], message: 'required' }),
  response: envelope(z.object({ count: z.number().int(), amount: money, turnoverAdded: money, balance: money })),
});

// ---- daily betting task ----

export const taskTierStatus = z.enum(['locked', 'granted', 'claimed', 'expired']);

export const taskTier = z.object({
  id: z.number().int(),
  /** Today's valid bet needed. */
  validBet: money,
  amount: money,
  turnoverMultiple: z.number().int(),
  /** locked: not reached; granted: its reward waits in 领奖 (rewardId); claimed or expired there. */
  status: taskTierStatus,
  rewardId: z.number().int().nullable(),
});
export type TaskTier = z.infer<typeof taskTier>;

export const everydayGameReward = defineCall({
  method: 'POST',
  path: '/user/everydayGameReward',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      /** Today in the site's time zone, yyyy-mm-dd. */
      date: z.string(),
      /** Today's valid bet so far. */
      validBet: money,
      tiers: z.array(taskTier),
      /** When today ends (the tiers start again). */
      endsAt: isoTime,
    }),
  ),
});

export const gameRewardRecord = defineCall({
  method: 'POST',
  path: '/user/gameRewardRecord',
  auth: true,
  request: pageRequest.extend({ ...timeRange.shape }).strict(),
  response: envelope(
    pageResult(
      z.object({
        date: z.string(),
        /** The tier's valid bet. */
        validBet: money,
        amount: money,
        rewardId: z.number().int(),
        status: rewardStatus,
        createdAt: isoTime,
      }),
    ).extend({ totalAmount: money }),
  ),
});

// ---- daily wheel ----

export const SPIN_PRIZE_COUNT = 8;
/** Spins a deposit can add in a day (one per deposit of at least SPIN_DEPOSIT_MIN). */
export const SPIN_DEPOSIT_MAX = 5;
export const SPIN_DEPOSIT_MIN = 10_000;

export const spinPrize = z.object({
  index: z.number().int(),
  /** Shown on the wheel, in the request's language. */
  label: z.string(),
  /** 0: "thanks for playing". */
  amount: money,
});

export const spinDraw = z.object({
  id: z.number().int(),
  prizeIndex: z.number().int(),
  label: z.string(),
  amount: money,
  /** The reward the prize became (null for no prize). */
  rewardId: z.number().int().nullable(),
  /** The player's committed seed of the day (each player has their own), its hash, and the inputs of this draw. */
  date: z.string(),
  seedHash: z.string(),
  /** Revealed once the day has ended (null until then). */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The prizes' weights at the draw, by index: the outcome is weightedIndex(weights, float(seed, clientSeed, nonce)). */
  weights: z.array(z.number().int()),
  createdAt: isoTime,
});
export type SpinDraw = z.infer<typeof spinDraw>;

export const spinInfo = defineCall({
  method: 'POST',
  path: '/user/spin/info',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      date: z.string(),
      spinsLeft: z.number().int(),
      /** 1 free a day, + 1 per deposit of at least depositMin today, up to depositMax. */
      free: z.number().int(),
      fromDeposits: z.number().int(),
      used: z.number().int(),
      depositMin: money,
      depositMax: z.number().int(),
      prizes: z.array(spinPrize),
      /** The player's own seed of today, committed by its hash (each player has their own). */
      today: z.object({ date: z.string(), seedHash: z.string() }),
      /** The player's seed of yesterday, revealed: every draw of that day can be checked with it. */
      yesterday: z.object({ date: z.string(), seedHash: z.string(), serverSeed: z.string() }).nullable(),
      /** Recent prizes of everyone (usernames masked), newest first. */
      winners: z.array(z.object({ username: z.string(), label: z.string(), amount: money, at: isoTime })),
    }),
  ),
});

/** A client seed the player may choose (default: one the app makes); refused 409 with no spin left. */
export const spinDrawCall = defineCall({
  method: 'POST',
  path: '/user/spin/draw',
  auth: true,
  request: z.object({ clientSeed: str().trim().min(1, 'required').max(64, 'too_long').optional() }).strict(),
  response: envelope(spinDraw.extend({ spinsLeft: z.number().int() })),
});

export const spinRecords = defineCall({
  method: 'POST',
  path: '/user/spin/records',
  auth: true,
  request: pageRequest.strict(),
  response: envelope(pageResult(spinDraw)),
});
