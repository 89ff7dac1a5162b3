import { asc, eq, inArray } from 'drizzle-orm';
import { parlay, type taiqiu } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import type { BetRow } from '../../bets/service.js';
import { correctionWaits, parlayLegs, parlays, type ParlayLegRow, type ParlayRow } from '../tables.js';

/** A parlay's round in the bet store: its legs name their matches. */
export const PARLAY_ROUND = 'parlay';

/** Parlay slips' systems and legs, by bet id (legs in their order). */
export async function parlaysOf(
  db: Conn,
  betIds: number[],
): Promise<Map<number, { parlay: ParlayRow; legs: ParlayLegRow[] }>> {
  const found = new Map<number, { parlay: ParlayRow; legs: ParlayLegRow[] }>();
  if (betIds.length === 0) return found;
  const [rows, legs] = await Promise.all([
    db.select().from(parlays).where(inArray(parlays.betId, betIds)),
    db
      .select()
      .from(parlayLegs)
      .where(inArray(parlayLegs.betId, betIds))
      .orderBy(asc(parlayLegs.betId), asc(parlayLegs.leg)),
  ]);
  for (const row of rows) found.set(row.betId, { parlay: row, legs: legs.filter((l) => l.betId === row.betId) });
  return found;
}

/** A parlay bet as taiqiu/parlay answers it. */
export async function slipOf(db: Conn, bet: BetRow): Promise<taiqiu.ParlaySlip> {
  const [[slip], legs, waits] = await Promise.all([
    db.select().from(parlays).where(eq(parlays.betId, bet.id)),
    db.select().from(parlayLegs).where(eq(parlayLegs.betId, bet.id)).orderBy(asc(parlayLegs.leg)),
    db.$count(correctionWaits, eq(correctionWaits.betId, bet.id)),
  ]);
  if (!slip) throw new Error(`bet ${bet.betNo} is not a parlay`);
  return {
    betNo: bet.betNo,
    status: bet.status,
    system: parlay.systemName(legs.length, slip.sizes),
    sizes: slip.sizes,
    combinations: slip.combinations,
    unitStake: slip.unitStake,
    stake: bet.stake,
    potentialReturn: slip.potentialReturn,
    legs: legs.map(legOf),
    awaitingCorrection: waits > 0,
  };
}

export const legOf = (l: ParlayLegRow): taiqiu.ParlayLeg => ({
  matchId: l.matchId,
  marketId: l.marketId,
  selectionId: l.selectionId,
  gameName: l.gameName,
  marketName: l.marketName,
  selectionName: l.selectionName,
  odds: l.oddsMilli / 1000,
  result: l.result,
});
