import { and, eq, inArray } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { available, CASH } from './ledger.js';
import { accounts } from './tables.js';

export { CASH };
export {
  hold,
  postPending,
  transfer,
  voidPending,
  type AccountRef,
  type HouseKind,
  type ResolveRequest,
  type TransferCode,
  type TransferRequest,
  type TransferRow,
} from './ledger.js';
export { registerLedgerReference, registerReferenceContext, type LedgerReference } from './references.js';
export { checkLedger } from './check.js';

/** Opens the player's cash account; call it in the registration transaction. */
export async function openCashAccount(tx: Tx, userId: number): Promise<void> {
  await tx.insert(accounts).values({ ownerId: userId, kind: CASH });
}

export interface CashBalance {
  /** Available: credits_posted − debits_posted − debits_pending, in minor units. */
  balance: number;
  /** Held by pending debits (withdrawals in flight). */
  frozen: number;
}

export async function getCashBalance(db: Conn, userId: number): Promise<CashBalance> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerId, userId), eq(accounts.kind, CASH)));
  if (!row) return { balance: 0, frozen: 0 };
  return { balance: available(row), frozen: row.debitsPending };
}

/** Available balances of players by id (0 for a player without an account). */
export async function cashBalancesOf(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(accounts)
    .where(and(inArray(accounts.ownerId, userIds), eq(accounts.kind, CASH)));
  return new Map(rows.flatMap((r) => (r.ownerId === null ? [] : [[r.ownerId, available(r)] as const])));
}

export { listEntries } from './details.js';
export { cashTotalsByDay } from './totals.js';
