import { and, eq, inArray } from 'drizzle-orm';
import type { rewards } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { Job } from '../../platform/scheduler.js';
import { activePlayersAtLevels } from '../auth/service.js';
import { grantReward, rewardTitles, type RewardTitle } from '../rewards/service.js';
import { getSysConfig } from '../system/service.js';
import { levelRows } from './levels.js';
import { giftPeriod, type GiftPeriodKind } from './periods.js';
import { vipGiftRuns, vipGifts, type GiftKind } from './tables.js';

/** How long an upgrade bonus waits to be claimed; a weekly or monthly gift waits until its period ends. */
export const UPGRADE_BONUS_DAYS = 30;

const SOURCE: Record<GiftKind, rewards.RewardSource> = {
  upgrade: 'vip_upgrade',
  weekly: 'vip_weekly',
  monthly: 'vip_monthly',
};
const TITLE: Record<GiftKind, (level: number) => RewardTitle> = {
  upgrade: rewardTitles.vipUpgrade,
  weekly: rewardTitles.vipWeekly,
  monthly: rewardTitles.vipMonthly,
};

export interface VipGift {
  userId: number;
  kind: GiftKind;
  /** upgrade: the level; weekly: yyyy-Www; monthly: yyyy-mm. */
  period: string;
  level: number;
  amount: number;
  turnoverMultiple: number;
  expiresAt: Date;
}

/**
 * Grants a bonus or gift as a reward to claim, once per player, kind and period (the reward's key
 * vip-<kind>:<user>:<period> makes a second grant write nothing). Returns whether it granted.
 */
export async function grantVipGift(tx: Tx, ctx: AppContext, g: VipGift): Promise<boolean> {
  const reward = await grantReward(tx, ctx, {
    userId: g.userId,
    source: SOURCE[g.kind],
    amount: g.amount,
    turnoverMultiple: g.turnoverMultiple,
    expiresAt: g.expiresAt,
    key: `vip-${g.kind}:${g.userId}:${g.period}`,
    title: TITLE[g.kind](g.level),
  });
  if (!reward) return false;
  await tx.insert(vipGifts).values({
    userId: g.userId,
    kind: g.kind,
    period: g.period,
    level: g.level,
    amount: g.amount,
    rewardId: reward.id,
    createdAt: ctx.now(),
  });
  return true;
}

/** Players handled per query of a gift run. */
const BATCH = 500;
/** Grants per run: a larger site is served by the next runs of the grant day. */
const GIFTS_PER_RUN = 5_000;

/**
 * On its grant day (Monday, the 1st; site time zone), grants each active player at a level with
 * a gift that gift once for the period, at the player's level now. A period whose grant day
 * passed without a run through every player (the server down all day, runs failing) is caught
 * up on its later days. Returns the gifts granted; a re-run in the same period grants none again.
 */
export async function grantPeriodGifts(tx: Tx, ctx: AppContext, kind: GiftPeriodKind, now: Date): Promise<number> {
  const period = giftPeriod(kind, now, (await getSysConfig(tx)).timeZone);
  if (!period.grantDay && (await runCompleted(tx, kind, period.key))) return 0;
  const gifted = new Map(
    (await levelRows(tx))
      .filter((l) => (kind === 'weekly' ? l.weeklyGift : l.monthlyGift) > 0)
      .map((l) => [l.level, l] as const),
  );
  let granted = 0;
  for (let afterId = 0; granted < GIFTS_PER_RUN;) {
    const players = await activePlayersAtLevels(tx, [...gifted.keys()], afterId, BATCH);
    if (players.length === 0) {
      await tx.insert(vipGiftRuns).values({ kind, period: period.key, completedAt: now }).onConflictDoNothing();
      break;
    }
    afterId = players[players.length - 1]!.id;
    const done = await giftedAlready(
      tx,
      kind,
      period.key,
      players.map((p) => p.id),
    );
    for (const player of players) {
      const level = gifted.get(player.vipLevel);
      if (!level || done.has(player.id)) continue;
      const gift = {
        userId: player.id,
        kind,
        period: period.key,
        level: level.level,
        amount: kind === 'weekly' ? level.weeklyGift : level.monthlyGift,
        turnoverMultiple: level.turnoverMultiple,
        expiresAt: period.endsAt,
      };
      if (await grantVipGift(tx, ctx, gift)) granted += 1;
    }
  }
  return granted;
}

async function runCompleted(tx: Tx, kind: GiftPeriodKind, period: string): Promise<boolean> {
  const [run] = await tx
    .select()
    .from(vipGiftRuns)
    .where(and(eq(vipGiftRuns.kind, kind), eq(vipGiftRuns.period, period)));
  return run !== undefined;
}

/** Which of these players have had the period's gift. */
async function giftedAlready(tx: Tx, kind: GiftKind, period: string, userIds: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ userId: vipGifts.userId })
    .from(vipGifts)
    .where(and(eq(vipGifts.kind, kind), eq(vipGifts.period, period), inArray(vipGifts.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** The weekly and monthly gift jobs; each run checks the day and grants what is missing. */
export function vipGiftJobs(ctx: AppContext): Job[] {
  const job = (kind: GiftPeriodKind, lockKey: number): Job => ({
    name: `vip-${kind}-gifts`,
    everyMs: 10 * 60_000,
    lockKey,
    run: (tx, now) => grantPeriodGifts(tx, ctx, kind, now),
  });
  return [job('weekly', 8_026_001), job('monthly', 8_026_002)];
}
