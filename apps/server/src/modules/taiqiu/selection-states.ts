import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { markets, matches, selections } from './tables.js';

/**
 * The matches, markets and selections of these selections as they stand, share-locked (matches in
 * id order), by selection: what a pending bet is decided against (acceptance.ts).
 */
export async function selectionStates(tx: Tx, selectionIds: number[]) {
  const rows = await tx
    .select({
      selectionId: selections.id,
      matchStatus: matches.status,
      marketStatus: markets.status,
      result: selections.result,
      oddsMilli: selections.oddsMilli,
      marketType: markets.type,
      marketSettings: matches.marketSettings,
    })
    .from(matches)
    .innerJoin(markets, eq(markets.matchId, matches.id))
    .innerJoin(selections, eq(selections.marketId, markets.id))
    .where(inArray(selections.id, selectionIds))
    .orderBy(asc(matches.id))
    .for('share');
  return new Map(
    rows.map((r) => [
      r.selectionId,
      {
        matchOpen: r.matchStatus === 'live' || r.matchStatus === 'scheduled',
        marketStatus: r.marketStatus,
        decided: r.result !== null,
        oddsMilli: r.oddsMilli,
        marketType: r.marketType,
        marketSettings: r.marketSettings,
      },
    ]),
  );
}
