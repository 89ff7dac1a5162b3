import { eq } from 'drizzle-orm';
import { ErrorCode, type taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Conn } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { usernamesOf } from '../../auth/service.js';
import { playerLimits, type MarketRow } from '../tables.js';

/*
 * A player's stake limits (docs/design.md §9, "Limits"), set by risk: every market's maximum stake
 * times a factor (0.2× for a player who beats the prices), and a maximum of its own.
 */

type Row = typeof playerLimits.$inferSelect;
type LimitsInput = z.output<(typeof taiqiuAdmin)['playerLimitsSet']['request']>;

const FULL = 10_000;

/** The market's maximum stake for the player with these limits (none: the market's). */
export function maxStakeFor(
  market: Pick<MarketRow, 'maxStake'>,
  limits: Pick<Row, 'stakeFactorBp' | 'maxStake'> | null,
) {
  if (!limits) return market.maxStake;
  const scaled = Math.floor((market.maxStake * limits.stakeFactorBp) / FULL);
  return limits.maxStake === null ? scaled : Math.min(scaled, limits.maxStake);
}

/** The player's limits row, if risk set one. */
async function stakeLimitsOf(db: Conn, userId: number) {
  const [row] = await db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
  return row ?? null;
}

const viewOf = (userId: number, row: Pick<Row, 'stakeFactorBp' | 'maxStake'> | undefined) => ({
  userId,
  stakeFactorBp: row?.stakeFactorBp ?? FULL,
  maxStake: row?.maxStake ?? null,
});

export async function playerLimitsOf(db: Conn, userId: number): Promise<taiqiuAdmin.PlayerStakeLimits> {
  await refuseUnlessPlayer(db, userId);
  return viewOf(userId, (await stakeLimitsOf(db, userId)) ?? undefined);
}

/** Sets the player's limits, audited with what they were; bets placed before stand. */
export const operatorSetPlayerLimits = (ctx: AppContext, operator: string, input: LimitsInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      await refuseUnlessPlayer(tx, input.userId);
      const [before] = await tx.select().from(playerLimits).where(eq(playerLimits.userId, input.userId)).for('update');
      const values = { stakeFactorBp: input.stakeFactorBp, maxStake: input.maxStake, updatedAt: ctx.now() };
      await tx
        .insert(playerLimits)
        .values({ userId: input.userId, ...values })
        .onConflictDoUpdate({ target: playerLimits.userId, set: values });
      return { before: viewOf(input.userId, before), after: viewOf(input.userId, values) };
    },
    ({ before, after }) => ({
      action: 'taiqiu.player.limits',
      target: `user ${input.userId}`,
      payload: input,
      before,
      after,
    }),
  ).then(({ after }) => after);

async function refuseUnlessPlayer(db: Conn, userId: number): Promise<void> {
  if (!(await usernamesOf(db, [userId])).has(userId)) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
}
