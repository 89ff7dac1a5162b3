import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bets,
  ErrorCode,
  fieldLabel,
  type agentReports,
  type agentSettlementsAdmin,
  type Lang,
} from '@breakshot/contracts';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import { lockKey, type Conn } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { teamOf } from '../../auth/service.js';
import { profileOf } from '../profiles.js';
import { agentDaily, platformCommissionTiers, type RollupGameType } from '../report-tables.js';

/*
 * The platform commission table (pingtaifenyong): per game type, thresholds of a team's valid bet
 * on a day and the highest rate an agent whose team reaches one may earn that day.
 */

type PlatformTier = agentReports.PlatformTier;
type SaveInput = z.output<typeof agentSettlementsAdmin.platformTiersSave.request>;

/** Advisory-lock namespace of saving the table. */
const TIERS_LOCK = 7_204_843;

const gameOrder = (g: string) => (bets.gameTypes as readonly string[]).indexOf(g);

/** The whole table, by game type (in the games' order), thresholds ascending. */
export async function platformTiers(db: Conn): Promise<PlatformTier[]> {
  const rows = await db.select().from(platformCommissionTiers);
  return rows.sort((a, b) => gameOrder(a.gameType) - gameOrder(b.gameType) || a.minValidBet - b.minValidBet);
}

/**
 * The rate cap a team valid bet of `gameType` reaches: the rate of the highest threshold at or
 * below it; 0 below the lowest threshold (the table offers nothing there); null when the table
 * has no tier of that game type (no cap: the agent's own rate).
 */
export function tierRateOf(tiers: readonly PlatformTier[], gameType: string, teamValidBet: number): number | null {
  let rate: number | null = null;
  // A team's day below 0 (a result correction took back more than the day brought) is taken back
  // at the first tier's rate, as a day of no valid bet would be paid.
  const reached = Math.max(0, teamValidBet);
  for (const tier of tiers) {
    if (tier.gameType !== gameType) continue;
    rate ??= 0;
    if (tier.minValidBet <= reached) rate = tier.rateBp;
  }
  return rate;
}

/** An agent's effective rate: its own, capped by the platform tier its team reached (null: no table). */
export const effectiveRate = (ownRateBp: number, tierRateBp: number | null): number =>
  tierRateBp === null ? ownRateBp : Math.min(ownRateBp, tierRateBp);

/** The platform table's rate per game type that `agentId`'s team reached on `day`, its own and the effective rate. */
export async function effectiveRatesOf(db: Conn, agentId: number, day: string) {
  const team = teamOf(db, agentId, 'team');
  const [tiers, own, sums] = await Promise.all([
    platformTiers(db),
    profileOf(db, agentId),
    db
      .select({
        gameType: agentDaily.gameType,
        validBet: sql<number>`sum(${agentDaily.validBet})`.mapWith(Number),
      })
      .from(agentDaily)
      .where(
        and(
          eq(agentDaily.day, day),
          ne(agentDaily.gameType, ''),
          inArray(agentDaily.userId, db.select({ id: team.id }).from(team)),
        ),
      )
      .groupBy(agentDaily.gameType),
  ]);
  const teamValidBets = new Map<RollupGameType, number>(sums.map((s) => [s.gameType, s.validBet]));
  return bets.gameTypes.map((gameType) => {
    const teamValidBet = teamValidBets.get(gameType) ?? 0;
    const tierRateBp = tierRateOf(tiers, gameType, teamValidBet);
    const ownRateBp = own.rates[gameType];
    return { gameType, teamValidBet, tierRateBp, ownRateBp, effectiveRateBp: effectiveRate(ownRateBp, tierRateBp) };
  });
}

/** Replaces the table (audited with before and after); 422 platformTierDuplicate when a game repeats a threshold. */
export async function saveTiers(ctx: AppContext, operator: string, input: SaveInput, lang: Lang) {
  input.tiers.forEach((tier, i) => {
    if (input.tiers.findIndex((t) => t.gameType === tier.gameType && t.minValidBet === tier.minValidBet) < i) {
      throw new AppError(
        ErrorCode.UNPROCESSABLE,
        'platformTierDuplicate',
        { game: fieldLabel(tier.gameType, lang) },
        { field: `tiers.${i}.minValidBet` },
      );
    }
  });
  await audited(
    ctx,
    operator,
    async (tx) => {
      // Two saves at once would each delete what they see and insert: one at a time.
      await lockKey(tx, TIERS_LOCK, 0);
      const old = await platformTiers(tx);
      await tx.delete(platformCommissionTiers);
      if (input.tiers.length > 0) await tx.insert(platformCommissionTiers).values(input.tiers);
      return old;
    },
    (old) => ({
      action: 'agents.platformTiers.save',
      target: 'platform_commission_tiers',
      payload: input,
      before: { tiers: old },
      after: { tiers: input.tiers },
    }),
  );
  return { tiers: await platformTiers(ctx.db) };
}
