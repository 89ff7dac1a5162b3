import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { GameType } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { runningAt } from './rules.js';
import { promotionApplications, promotions } from './tables.js';

export interface SettledBet {
  userId: number;
  betNo: string;
  gameType: GameType;
  stake: number;
  /** More than 0 (void bets feed nothing). */
  validBet: number;
  settledAt: Date;
}

/**
 * What a settled bet does to promotions, in the settling transaction. It runs on every settled
 * bet, so it is two statements whatever the promotions: the valid bet is added to the progress of
 * the player's current fee-waiver applications and, for a slots bet, slots-turnover ones; and the
 * bet is recorded as a lucky slip of each running lucky-slip promotion whose minimum stake its
 * valid bet reached (a hedge at tiny odds does not qualify by its stake) and one of whose endings
 * ends its number (the longest that matches).
 */
export async function promotionsOnBetSettled(tx: Tx, ctx: AppContext, bet: SettledBet): Promise<void> {
  const types = bet.gameType === 'slots' ? (['fee_waiver', 'slots_turnover'] as const) : (['fee_waiver'] as const);
  await tx
    .update(promotionApplications)
    .set({ progress: sql`${promotionApplications.progress} + ${bet.validBet}`, updatedAt: ctx.now() })
    .from(promotions)
    .where(
      and(
        eq(promotions.id, promotionApplications.promotionId),
        eq(promotionApplications.userId, bet.userId),
        ne(promotionApplications.status, 'rejected'),
        // The current period: applications are made in theirs.
        gt(promotionApplications.periodEndsAt, bet.settledAt),
        inArray(promotions.type, [...types]),
        runningAt(bet.settledAt),
      ),
    );
  const at = bet.settledAt.toISOString();
  await tx.execute(sql`
    INSERT INTO promotion_slips (promotion_id, user_id, bet_no, game_type, stake, ending, bonus, settled_at)
    SELECT p.id, ${bet.userId}::bigint, ${bet.betNo}::text, ${bet.gameType}::text, ${bet.stake}::bigint,
           t.ending, t.bonus, ${at}::timestamptz
    FROM promotions p
    CROSS JOIN LATERAL (
      SELECT e ->> 'ending' AS ending, (e ->> 'bonus')::bigint AS bonus
      FROM jsonb_array_elements(p.rules -> 'tiers') AS e
      WHERE right(${bet.betNo}::text, length(e ->> 'ending')) = e ->> 'ending'
      ORDER BY length(e ->> 'ending') DESC
      LIMIT 1
    ) AS t
    WHERE p.type = 'lucky_slip' AND p.enabled AND p.starts_at <= ${at}::timestamptz AND p.ends_at > ${at}::timestamptz
      AND ${bet.validBet}::bigint >= (p.rules ->> 'minStake')::bigint
    ON CONFLICT DO NOTHING`);
}
