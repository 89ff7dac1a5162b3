import { and, desc, eq, sql } from 'drizzle-orm';
import { bets, rebates, type GameType } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { vipLevelOf } from '../auth/service.js';
import { ratesOfLevel, type Rates } from './rates.js';
import { rebateAccrualEvents, rebateAccruals, rebateClaims, rebatePaid } from './tables.js';

/** accrued is kept in cent·basis points: this many make one cent. */
export const BP_PER_CENT = 10_000;

/** What a game type has accrued and claims have not paid for yet (accrued − paid). */
export interface Unrebated {
  gameType: GameType;
  validBet: number;
  /** cent·basis points. */
  accrued: number;
}

/**
 * Accrues a settled bet's valid bet at the rate of the player's level now (docs/design.md §8), once
 * per reference; a void bet (valid bet 0) accrues nothing. Call it in the settling transaction.
 */
export async function accrueRebate(
  tx: Tx,
  ctx: AppContext,
  e: { userId: number; gameType: GameType; validBet: number; reference: { table: string; id: string | number } },
): Promise<void> {
  if (e.validBet <= 0) return;
  const now = ctx.now();
  const rateBp = (await ratesOfLevel(tx, await vipLevelOf(tx, e.userId)))[e.gameType];
  const counted = await tx
    .insert(rebateAccrualEvents)
    .values({
      referenceTable: e.reference.table,
      referenceId: String(e.reference.id),
      userId: e.userId,
      gameType: e.gameType,
      validBet: e.validBet,
      rateBp,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ rateBp: rebateAccrualEvents.rateBp });
  if (counted.length === 0) return;
  const accrued = e.validBet * rateBp;
  await tx
    .insert(rebateAccruals)
    .values({ userId: e.userId, gameType: e.gameType, validBet: e.validBet, accrued, updatedAt: now })
    .onConflictDoUpdate({
      target: [rebateAccruals.userId, rebateAccruals.gameType],
      set: {
        validBet: sql`${rebateAccruals.validBet} + excluded.valid_bet`,
        accrued: sql`${rebateAccruals.accrued} + excluded.accrued`,
        updatedAt: now,
      },
    });
}

/** The player's accruals not yet paid for, per game type that has any. */
export async function unrebatedOf(db: Conn, userId: number): Promise<Unrebated[]> {
  const rows = await db
    .select({ accrued: rebateAccruals, paid: rebatePaid })
    .from(rebateAccruals)
    .leftJoin(
      rebatePaid,
      and(eq(rebatePaid.userId, rebateAccruals.userId), eq(rebatePaid.gameType, rebateAccruals.gameType)),
    )
    .where(eq(rebateAccruals.userId, userId));
  return rows.map(({ accrued, paid }) => ({
    gameType: accrued.gameType,
    validBet: accrued.validBet - (paid?.validBet ?? 0),
    accrued: accrued.accrued - (paid?.accrued ?? 0),
  }));
}

/** Each game type's part, in gameTypes order: what a claim now pays (whole cents) and for what valid bet. */
export function rebateItems(rows: Unrebated[], rates: Rates): rebates.RebateItem[] {
  return bets.gameTypes.map((gameType) => {
    const row = rows.find((r) => r.gameType === gameType);
    return {
      gameType,
      validBet: row?.validBet ?? 0,
      rateBp: rates[gameType],
      amount: Math.floor((row?.accrued ?? 0) / BP_PER_CENT),
    };
  });
}

/** When the player last claimed (null: never). */
export async function lastClaimAt(db: Conn, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: rebateClaims.createdAt })
    .from(rebateClaims)
    .where(eq(rebateClaims.userId, userId))
    .orderBy(desc(rebateClaims.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** When a claim is allowed again after one at `last` (null: now). */
export function nextClaimAt(last: Date | null, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + rebates.REBATE_CLAIM_INTERVAL_MINUTES * 60_000);
  return next > now ? next : null;
}

/** What the player can claim now (/user/shishifanshui). */
export async function rebateSummary(db: Conn, userId: number, now: Date) {
  const vipLevel = await vipLevelOf(db, userId);
  const [rows, rates, last] = await Promise.all([
    unrebatedOf(db, userId),
    ratesOfLevel(db, vipLevel),
    lastClaimAt(db, userId),
  ]);
  const items = rebateItems(rows, rates);
  return {
    vipLevel,
    total: items.reduce((sum, i) => sum + i.amount, 0),
    items,
    minClaim: rebates.REBATE_MIN_CLAIM,
    intervalMinutes: rebates.REBATE_CLAIM_INTERVAL_MINUTES,
    lastClaimAt: last?.toISOString() ?? null,
    nextClaimAt: nextClaimAt(last, now)?.toISOString() ?? null,
  };
}
