import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { usdtRate } from './tables.js';

/** Rates are kept × 10,000: 7.2500 → 72500. */
export const RATE_SCALE = 10_000;

/**
 * The operator's rate (site currency per USDT × 10,000), or null before one is set; `lock` takes
 * its row for update (in a transaction).
 */
export async function getUsdtRate(db: Conn, lock = false): Promise<number | null> {
  const query = db.select().from(usdtRate).where(eq(usdtRate.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return row?.rateBp ?? null;
}

export async function setUsdtRate(db: Conn, rateBp: number, now: Date): Promise<void> {
  await db
    .insert(usdtRate)
    .values({ id: 1, rateBp, updatedAt: now })
    .onConflictDoUpdate({ target: usdtRate.id, set: { rateBp, updatedAt: now } });
}

/** USDT × 100 to send for an amount in minor units, rounded up: the site never receives less. */
export const usdtToSend = (amount: number, rateBp: number) => Math.ceil((amount * RATE_SCALE) / rateBp);
