import { and, count, desc, eq, gt, inArray, lte, sql, sum } from 'drizzle-orm';
import { ErrorCode, type Lang, type PageRequest, type rewards as contract } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import type { Job } from '../../platform/scheduler.js';
import { getCashBalance, transfer, type LedgerReference } from '../wallet/service.js';
import { rewards, type RewardRow } from './tables.js';
import { rewardView, statusAt } from './view.js';

/** A claimed reward was paid once from the bonus expense account (wallet/check.ts). */
export const rewardLedgerReferences: LedgerReference[] = [
  { table: 'rewards', idColumn: 'id', code: 'bonus', settled: "status = 'claimed'" },
];

export type { RewardRow };
/**
 * The player's rewards of one status, newest first, with what waits whatever the tab. An
 * unclaimed reward past its expiry (the job not yet run) is shown under expired.
 */
export async function listRewards(
  db: Conn,
  userId: number,
  input: PageRequest & { status: contract.RewardStatus },
  lang: Lang,
  now: Date,
) {
  const waiting = and(eq(rewards.userId, userId), eq(rewards.status, 'unclaimed'), gt(rewards.expiresAt, now));
  const where =
    input.status === 'unclaimed'
      ? waiting
      : input.status === 'expired'
        ? and(
            eq(rewards.userId, userId),
            sql`(${rewards.status} = 'expired' OR (${rewards.status} = 'unclaimed' AND ${rewards.expiresAt} <= ${now}))`,
          )
        : and(eq(rewards.userId, userId), eq(rewards.status, 'claimed'));
  const [page, [totals]] = await Promise.all([
    pageOf(
      input,
      (limit, offset) => db.select().from(rewards).where(where).orderBy(desc(rewards.id)).limit(limit).offset(offset),
      () => db.$count(rewards, where),
      (r) => rewardView(r, lang, now),
    ),
    db
      .select({ n: count(), total: sum(rewards.amount).mapWith(Number) })
      .from(rewards)
      .where(waiting),
  ]);
  return { ...page, unclaimedCount: totals?.n ?? 0, unclaimedTotal: totals?.total ?? 0 };
}

/**
 * Claims one reward (id) or those of `ids` still waiting, in one transaction: each is taken unclaimed →
 * claimed by compare-and-set (so two receives at once pay once), then paid bonus_expense →
 * player (code bonus, key reward:<id>), and `rewards.claimed` announced (its amount × multiple
 * is added to the turnover needed).
 */
export async function receiveRewards(
  ctx: AppContext,
  userId: number,
  which: { id?: number | undefined; ids?: number[] | undefined },
) {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const ids = [...new Set([...(which.ids ?? []), ...(which.id === undefined ? [] : [which.id])])];
    // Naming a reward that is not the player's refuses the whole claim.
    if ((await tx.$count(rewards, and(eq(rewards.userId, userId), inArray(rewards.id, ids)))) < ids.length)
      throw new AppError(ErrorCode.NOT_FOUND, 'rewardNotFound');
    const claimed = await tx
      .update(rewards)
      .set({ status: 'claimed', claimedAt: now })
      .where(
        and(
          eq(rewards.userId, userId),
          inArray(rewards.id, ids),
          eq(rewards.status, 'unclaimed'),
          gt(rewards.expiresAt, now),
        ),
      )
      .returning();
    if (claimed.length === 0) throw await refusal(tx, which.ids ? undefined : which.id);
    const paid = claimed
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ id: r.id, amount: r.amount, turnover: r.amount * r.turnoverMultiple }));
    for (const r of paid) {
      await transfer(tx, ctx, {
        key: `reward:${r.id}`,
        code: 'bonus',
        debit: { house: 'bonus_expense' },
        credit: { userId },
        amount: r.amount,
        reference: { table: 'rewards', id: r.id },
      });
    }
    const amount = paid.reduce((sum, r) => sum + r.amount, 0);
    const turnoverAdded = paid.reduce((sum, r) => sum + r.turnover, 0);
    // The turnover each adds and the agents' figures: docs/events.md.
    await ctx.events.emit(tx, ctx, 'rewards.claimed', { userId, rewards: paid, amount, at: now });
    const { balance } = await getCashBalance(tx, userId);
    return { count: claimed.length, amount, turnoverAdded, balance };
  });
}

/** Why nothing was claimed (every reward named is the player's): the one (id) was claimed or expired, or none of ids waits. */
async function refusal(db: Conn, id: number | undefined): Promise<AppError> {
  if (id === undefined) return new AppError(ErrorCode.CONFLICT, 'rewardNone');
  const [row] = await db.select({ status: rewards.status }).from(rewards).where(eq(rewards.id, id));
  return new AppError(ErrorCode.CONFLICT, row?.status === 'claimed' ? 'rewardClaimed' : 'rewardExpired');
}

/** Marks unclaimed rewards past their expiry expired (they could not be claimed already). */
export const rewardExpiryJob: Job = {
  name: 'reward-expiry',
  everyMs: 60_000,
  lockKey: 8_014_251,
  run: (tx, now) =>
    tx
      .update(rewards)
      .set({ status: 'expired' })
      .where(and(eq(rewards.status, 'unclaimed'), lte(rewards.expiresAt, now))),
};

export { grantReward, type RewardGrant, type RewardTitle } from './grants.js';
export { countTaskBet, countTaskBets, recountTaskBets, taskRecords, todaysTask } from './task.js';
export { rewardTitles } from './titles.js';
export { rewardView };

/** The status at `now` of rewards by id (the VIP page shows the state of its bonuses and gifts). */
export async function rewardStatusesOf(
  db: Conn,
  ids: number[],
  now: Date,
): Promise<Map<number, contract.RewardStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: rewards.id, status: rewards.status, expiresAt: rewards.expiresAt })
    .from(rewards)
    .where(inArray(rewards.id, ids));
  return new Map(rows.map((r) => [r.id, statusAt(r, now)]));
}
