import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { formatMoney, type promotions as contract } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { together, type Tx } from '../../platform/db.js';
import { agentChainOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';
import { grantKeys, grantUnder, rejectPending } from './decisions.js';
import { lockPlayerPromotions, lockPlayersPromotions } from './lock.js';
import { depositBonus, isRunning, runningAt, withinCap } from './rules.js';
import { promotionApplications, promotions, type ApplicationRow, type PromotionRow } from './tables.js';
import { grantTitles } from './titles.js';

export interface CreditedDeposit {
  userId: number;
  orderNo: string;
  /** What the player paid: the order's amount, before a channel's fee (the tiers and the deposit page speak of it). */
  amount: number;
  /** The player's first credited deposit. */
  first: boolean;
  at: Date;
}

/**
 * promotionsOnDeposit of a batch's deposits, in their order. Most depositors have no application
 * a deposit decides or grants under (nor their inviter): one read finds those who have, and only
 * their deposits go through the rules, one by one, as alone. Deciding a deposit never makes an
 * application, so a depositor the read passed over has none at their turn either.
 */
export async function promotionsOnDeposits(tx: Tx, ctx: AppContext, deposits: CreditedDeposit[]): Promise<void> {
  if (deposits.length === 0) return;
  const userIds = deposits.map((d) => d.userId);
  // Serializes with apply (lock.ts), the depositors' locks in id order as one by one; the read
  // runs after them, in one write with them.
  const [, concerned] = await together(
    tx,
    () => lockPlayersPromotions(tx, userIds),
    () => withApplications(tx, userIds),
  );
  for (const d of deposits) if (concerned.has(d.userId)) await promotionsOnDeposit(tx, ctx, d);
}

/**
 * Of these players, those who (or whose direct inviter) have an application a deposit may decide
 * or grant under: first-deposit, reload or agent-starter, not rejected.
 */
async function withApplications(tx: Tx, userIds: number[]): Promise<Set<number>> {
  const inviter = sql`(SELECT t.ancestor_id FROM user_tree t WHERE t.descendant_id = d.id AND t.depth = 1)`;
  // execute(): sent when called (together()).
  const answer = tx
    .execute(
      sql`SELECT d.id::int AS user_id FROM unnest(${`{${userIds.join(',')}}`}::bigint[]) AS d(id)
        WHERE EXISTS (
          SELECT 1 FROM promotion_applications a JOIN promotions p ON p.id = a.promotion_id
          WHERE (a.user_id = d.id OR a.user_id = ${inviter}) AND a.status <> 'rejected'
            AND p.type IN ('first_deposit', 'reload', 'agent_starter'))`,
    )
    .execute() as Promise<unknown> as Promise<{ rows: { user_id: number }[] }>;
  return new Set((await answer).rows.map((r) => r.user_id));
}

/**
 * What a credited deposit does to promotions, in the crediting transaction: the first deposit
 * decides the player's pending first-deposit applications (granted by its tier, or rejected below
 * the lowest) and may earn the inviter's agent-starter bonus; any later deposit earns the day's
 * reload bonus of a player who applied today, within the daily cap.
 */
async function promotionsOnDeposit(tx: Tx, ctx: AppContext, d: CreditedDeposit): Promise<void> {
  // Serializes with apply (lock.ts): a pending first-deposit application is seen here or refused there.
  await lockPlayerPromotions(tx, d.userId);
  if (d.first) {
    await decideFirstDeposit(tx, ctx, d);
    await creditInviter(tx, ctx, d);
  } else {
    await grantReload(tx, ctx, d);
  }
}

/** The player's applications of a type not rejected, matching `where`, locked until the transaction ends. */
function applicationsOf(
  tx: Tx,
  userId: number,
  type: contract.PromotionType,
  where: SQL | undefined,
): Promise<{ a: ApplicationRow; p: PromotionRow }[]> {
  return tx
    .select({ a: promotionApplications, p: promotions })
    .from(promotionApplications)
    .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
    .where(
      and(
        eq(promotionApplications.userId, userId),
        eq(promotions.type, type),
        ne(promotionApplications.status, 'rejected'),
        where,
      ),
    )
    .orderBy(promotionApplications.id)
    .for('update', { of: promotionApplications });
}

/** The first deposit grants each pending first-deposit application its tier's bonus, or rejects it. */
async function decideFirstDeposit(tx: Tx, ctx: AppContext, d: CreditedDeposit): Promise<void> {
  const now = ctx.now();
  const pending = await applicationsOf(tx, d.userId, 'first_deposit', eq(promotionApplications.status, 'pending'));
  for (const { a, p } of pending) {
    if (p.rules.type !== 'first_deposit') continue;
    if (!isRunning(p, d.at)) {
      await rejectPending(tx, a.id, { key: 'promotionEndedUnmet' }, now);
      continue;
    }
    const found = depositBonus(p.rules.tiers, d.amount);
    const bonus = found ? withinCap(found.bonus, p.capAmount, 0) : 0;
    if (!found || bonus <= 0) {
      const { currencySymbol } = await getSysConfig(tx);
      const params = {
        amount: formatMoney(d.amount, currencySymbol),
        min: formatMoney(p.rules.tiers[0]!.minDeposit, currencySymbol),
      };
      await rejectPending(tx, a.id, { key: 'promotionBelowLowestTier', params }, now);
      continue;
    }
    await grantUnder(tx, ctx, {
      promotion: p,
      application: a,
      amount: bonus,
      key: grantKeys.period(a),
      title: grantTitles.firstDeposit(found.tier.rateBps),
    });
  }
}

/** A later deposit earns the reload bonus of its tier under today's application, within the daily cap. */
async function grantReload(tx: Tx, ctx: AppContext, d: CreditedDeposit): Promise<void> {
  const today = and(gt(promotionApplications.periodEndsAt, d.at), runningAt(d.at));
  for (const { a, p } of await applicationsOf(tx, d.userId, 'reload', today)) {
    if (p.rules.type !== 'reload') continue;
    const found = depositBonus(p.rules.tiers, d.amount);
    const bonus = found ? withinCap(found.bonus, p.capAmount, a.amount) : 0;
    if (!found || bonus <= 0) continue;
    await grantUnder(tx, ctx, {
      promotion: p,
      application: a,
      amount: bonus,
      key: grantKeys.deposit(p.id, d.orderNo),
      title: grantTitles.reload(found.tier.rateBps),
    });
  }
}

/**
 * A first deposit of at least minFirstDeposit earns the depositor's direct inviter bonusPerMember
 * under their application of this month, within the monthly cap, once per member ever (the key).
 */
async function creditInviter(tx: Tx, ctx: AppContext, d: CreditedDeposit): Promise<void> {
  const [inviter] = await agentChainOf(tx, d.userId);
  if (inviter === undefined) return;
  const thisMonth = and(gt(promotionApplications.periodEndsAt, d.at), runningAt(d.at));
  for (const { a, p } of await applicationsOf(tx, inviter, 'agent_starter', thisMonth)) {
    if (p.rules.type !== 'agent_starter' || d.amount < p.rules.minFirstDeposit) continue;
    const bonus = withinCap(p.rules.bonusPerMember, p.capAmount, a.amount);
    if (bonus <= 0) continue;
    await grantUnder(tx, ctx, {
      promotion: p,
      application: a,
      amount: bonus,
      key: grantKeys.member(p.id, d.userId),
      title: grantTitles.agentStarter(),
    });
  }
}
