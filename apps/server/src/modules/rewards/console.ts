import { and, asc, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import { ErrorCode, type Lang, type rewardsAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { grantReward } from './grants.js';
import { rewards, taskTiers, type TaskTierRow } from './tables.js';
import { rewardTitles } from './titles.js';
import { rewardView } from './view.js';

/* The operator's rewards (every player's, a grant of their own) and the daily task's tiers. */

type In<K extends keyof typeof rewardsAdmin> = (typeof rewardsAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

const DAY_MS = 86_400_000;

/** Every player's rewards (or one player's), newest first, filtered by source and status. */
export async function listAllRewards(db: Conn, input: In<'rewardsList'>, lang: Lang, now: Date) {
  const conditions: SQL[] = [];
  if (input.username) {
    const player = await findPlayer(db, input.username);
    if (!player) return { list: [], total: 0, page: input.page, pageSize: input.pageSize };
    conditions.push(eq(rewards.userId, player.id));
  }
  if (input.source) conditions.push(eq(rewards.source, input.source));
  if (input.status) conditions.push(eq(rewards.status, input.status));
  const where = and(...conditions);
  const page = await pageOf(
    input,
    (limit, offset) => db.select().from(rewards).where(where).orderBy(desc(rewards.id)).limit(limit).offset(offset),
    () => db.$count(rewards, where),
  );
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.userId),
  );
  return {
    ...page,
    list: page.list.map((r) => ({ ...rewardView(r, lang, now), username: names.get(r.userId) ?? '' })),
  };
}

/** Thrown inside the grant's transaction when its key was taken meanwhile: nothing is written. */
class GrantRace extends Error {}

/**
 * A reward of source operator for one player, valid for validDays; audited with its reason. The
 * request id is the reward's key: a resend answers with the first grant (no second audit row),
 * another grant under it is refused 409.
 */
export async function grantOperatorReward(ctx: AppContext, operator: string, input: In<'rewardGrant'>, lang: Lang) {
  const player = await findPlayer(ctx.db, input.username);
  if (!player) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound', undefined, { field: 'username' });
  const key = `operator:${input.requestId}`;
  const replay = async () => {
    const [earlier] = await ctx.db.select().from(rewards).where(eq(rewards.grantKey, key));
    if (!earlier) return undefined;
    const same =
      earlier.userId === player.id &&
      earlier.amount === input.amount &&
      earlier.turnoverMultiple === input.turnoverMultiple;
    if (!same) throw new AppError(ErrorCode.CONFLICT, 'idempotencyConflict');
    return { ...rewardView(earlier, lang, ctx.now()), username: player.username };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const now = ctx.now();
  try {
    const row = await audited(
      ctx,
      operator,
      async (tx) => {
        const granted = await grantReward(tx, ctx, {
          userId: player.id,
          source: 'operator',
          amount: input.amount,
          turnoverMultiple: input.turnoverMultiple,
          expiresAt: new Date(now.getTime() + input.validDays * DAY_MS),
          key,
          title: rewardTitles.operator(),
        });
        if (!granted) throw new GrantRace();
        const [inserted] = await tx.select().from(rewards).where(eq(rewards.id, granted.id));
        return inserted!;
      },
      (r) => ({
        action: 'rewards.grant',
        target: player.username,
        payload: { ...input, rewardId: r.id },
      }),
    );
    return { ...rewardView(row, lang, now), username: player.username };
  } catch (err) {
    // The same request sent twice at once: the other one granted it.
    if (err instanceof GrantRace) return (await replay())!;
    throw err;
  }
}

const tierView = (t: TaskTierRow) => ({
  id: t.id,
  validBet: t.validBet,
  amount: t.amount,
  turnoverMultiple: t.turnoverMultiple,
  enabled: t.enabled,
});

async function enabledTiers(db: Conn) {
  const rows = await db.select().from(taskTiers).where(eq(taskTiers.enabled, true)).orderBy(asc(taskTiers.validBet));
  return rows.map(tierView);
}

export async function listTaskTiers(db: Conn) {
  return { tiers: await enabledTiers(db) };
}

/**
 * Replaces the enabled tiers (thresholds strictly rising, else 422 taskTiersOrder). A tier keeps
 * its id while its threshold stays, so today's grants of it still count; the rest are disabled.
 */
export async function saveTaskTiers(ctx: AppContext, operator: string, input: In<'taskTiersSave'>) {
  const rising = input.tiers.every((t, i) => i === 0 || t.validBet > input.tiers[i - 1]!.validBet);
  if (!rising) throw new AppError(ErrorCode.UNPROCESSABLE, 'taskTiersOrder');
  const tiers = await audited(
    ctx,
    operator,
    async (tx) => ({ before: await enabledTiers(tx), after: await replaceTiers(tx, input.tiers, ctx.now()) }),
    ({ before, after }) => ({
      action: 'rewards.taskTiers.save',
      target: 'task_tiers',
      payload: input,
      before: { tiers: before },
      after: { tiers: after },
    }),
  );
  return { tiers: tiers.after };
}

async function replaceTiers(tx: Tx, tiers: In<'taskTiersSave'>['tiers'], now: Date) {
  const thresholds = tiers.map((t) => t.validBet);
  await tx.update(taskTiers).set({ enabled: false, updatedAt: now }).where(notInArray(taskTiers.validBet, thresholds));
  for (const t of tiers) {
    await tx
      .insert(taskTiers)
      .values({ ...t, enabled: true, updatedAt: now })
      .onConflictDoUpdate({ target: taskTiers.validBet, set: { ...t, enabled: true, updatedAt: now } });
  }
  return enabledTiers(tx);
}
