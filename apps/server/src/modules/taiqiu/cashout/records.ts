import { asc, eq } from 'drizzle-orm';
import type { cashout } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import type { BetRow } from '../../bets/service.js';
import { cashouts } from '../tables.js';

/** The bet's cash-outs as records show them, oldest first. */
export async function cashoutRecordsOf(db: Conn, bet: BetRow): Promise<cashout.CashoutRecord[]> {
  const rows = await db
    .select()
    .from(cashouts)
    .where(eq(cashouts.betId, bet.id))
    .orderBy(asc(cashouts.at), asc(cashouts.cashoutNo));
  return rows.map((r) => ({ stakePart: r.stakePart, paid: r.paid, auto: r.auto, at: r.at.toISOString() }));
}
