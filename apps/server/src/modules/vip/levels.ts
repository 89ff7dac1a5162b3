import { asc, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { vipLevels, type VipLevelRow } from './tables.js';

/** The level rows, VIP0 first. */
export function levelRows(db: Conn): Promise<VipLevelRow[]> {
  return db.select().from(vipLevels).orderBy(asc(vipLevels.level));
}

export async function levelRow(db: Conn, level: number): Promise<VipLevelRow | undefined> {
  const [row] = await db.select().from(vipLevels).where(eq(vipLevels.level, level));
  return row;
}

/** The level reached by these lifetime figures: the highest whose thresholds both are met. */
export function levelReached(rows: VipLevelRow[], validBet: number, deposits: number): number {
  let reached = 0;
  for (const row of rows) {
    if (row.minValidBet <= validBet && row.minDeposits <= deposits) reached = Math.max(reached, row.level);
  }
  return reached;
}
