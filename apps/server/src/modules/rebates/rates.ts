import { asc } from 'drizzle-orm';
import type { GameType } from '@breakshot/contracts';
import type { Conn, Tx } from '../../platform/db.js';
import { rebateRates } from './tables.js';

/** Rates of the game types (basis points). */
export type Rates = Record<GameType, number>;

/** Every game type at 0. */
export const noRates = (): Rates => ({ taiqiu: 0, slots: 0, poker: 0 });

/** Every level's rates, by level (a missing cell is 0). */
export async function rebateRateTable(db: Conn): Promise<Map<number, Rates>> {
  const rows = await db.select().from(rebateRates).orderBy(asc(rebateRates.vipLevel));
  const table = new Map<number, Rates>();
  for (const row of rows) {
    const rates = table.get(row.vipLevel) ?? noRates();
    rates[row.gameType] = row.rateBp;
    table.set(row.vipLevel, rates);
  }
  return table;
}

/** One cell of the table: bets settled from now on accrue at it, what accrued keeps its rate. */
export async function setRebateRate(tx: Tx, vipLevel: number, gameType: GameType, rateBp: number): Promise<void> {
  await tx
    .insert(rebateRates)
    .values({ vipLevel, gameType, rateBp })
    .onConflictDoUpdate({ target: [rebateRates.vipLevel, rebateRates.gameType], set: { rateBp } });
}
