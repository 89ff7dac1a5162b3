import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { available, CASH } from './ledger.js';
import { accounts } from './tables.js';

export { CASH };
export {
  balanceAfter,
  hold,
  holdWithBalances,
  postPending,
  transfer,
  transferWithBalances,
  voidPending,
  type AccountRef,
  type HouseKind,
  type Moved,
  type ResolveRequest,
  type TransferCode,
  type TransferRequest,
  type TransferRow,
} from './ledger.js';
export { payFromHouse, type HousePayout } from './house-payouts.js';
export { resolveHolds, type HoldResolution } from './hold-resolutions.js';
// Registering is for src/ledger-references.ts (and tests) alone: no module registers at import.
export type { LedgerReference, ReferenceContext } from './references.js';
export { checkLedger } from './check.js';
export { debtOf, debtsOf, repayDebt, repayDebtsFrom, takeBack, type Credit } from './debts.js';

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

/**
 * getCashBalance as columns of another select (0 without an account), so that a read of the
 * player's other rows fetches it in the same statement: `ownerId` is their id (a value or a
 * placeholder, not a column of the outer query).
 */
export function cashBalanceColumns(ownerId: SQLWrapper) {
  const ofCash = (value: SQLWrapper) =>
    sql<number>`coalesce((SELECT ${value} FROM ${accounts} WHERE ${accounts.ownerId} = ${ownerId} AND ${accounts.kind} = ${CASH}), 0)`.mapWith(
      Number,
    );
  return {
    // available() of ledger.ts, in SQL.
    balance: ofCash(sql`${accounts.creditsPosted} - ${accounts.debitsPosted} - ${accounts.debitsPending}`),
    frozen: ofCash(accounts.debitsPending),
  };
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
export { cashTotalsByDay, cashTotalsOfPlayers } from './totals.js';
export { creditTotalsByPeriod, REPORT_CREDITS, type ReportCredit } from './report-days.js';
