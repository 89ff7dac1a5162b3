import { and, desc, eq, sql } from 'drizzle-orm';
import type { wallet } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import { available, CASH, transferWithBalances } from './ledger.js';
import type { LedgerReference } from './references.js';
import { accounts, playerDebtMoves, playerDebts } from './tables.js';

/*
 * Debts (docs/design.md §9, "Result corrections"): when the house takes money back from a player
 * (a corrected result) and their cash no longer holds it, what is missing is owed. A debt is not
 * money the ledger holds: it is the player's promise, kept as a row (`player_debts.owed`) and its
 * journal (`player_debt_moves`: + a shortfall, − a repayment), and the house's loss stays in the
 * ledger until repaid. The player's next credits repay it first — deposits, billiards payouts,
 * rewards claimed, a correction's payment — each repayment a transfer of its own (cash → house,
 * code debt_repayment) named by its move. `ledger:check` verifies that
 * every debt is the sum of its moves and every repayment its transfer (debtChecks below).
 */

/** Repayments move money: each is one transfer of code debt_repayment naming its move. */
export const debtLedgerReferences: LedgerReference[] = [
  { table: 'player_debt_moves', idColumn: 'id', code: 'debt_repayment', settled: 'amount < 0' },
];

type Reference = { table: string; id: string | number };

/**
 * Takes `amount` back from the player's cash to the house under `key` (code correction): what
 * their available balance holds moves now, the rest becomes debt. Returns the part that became
 * debt. The cash row is locked first, so the balance read is the one the transfer moves.
 */
export async function takeBack(
  tx: Tx,
  ctx: AppContext,
  req: { key: string; userId: number; amount: number; reference: Reference },
): Promise<number> {
  const cash = await lockedCash(tx, req.userId);
  const moved = Math.min(req.amount, Math.max(0, cash));
  if (moved > 0) {
    await transferWithBalances(tx, ctx, {
      key: req.key,
      code: 'correction',
      debit: { userId: req.userId },
      credit: { house: 'house' },
      amount: moved,
      reference: req.reference,
    });
  }
  const owed = req.amount - moved;
  if (owed > 0) await addDebt(tx, ctx, req.userId, owed, req.reference);
  return owed;
}

/**
 * Repays the player's debt from the cash a credit just brought (a deposit, a correction's
 * payment), as much as both allow, under a key of that credit; the move names the credit's row.
 * Nothing to do for a player who owes nothing: one read of a row that is usually missing.
 */
export async function repayDebt(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  credit: { amount: number; key: string; reference: Reference },
) {
  const credited = credit.amount;
  const [debt] = await tx.select().from(playerDebts).where(eq(playerDebts.userId, userId)).for('update');
  if (!debt || debt.owed === 0) return 0;
  const amount = Math.min(debt.owed, credited, Math.max(0, await lockedCash(tx, userId)));
  if (amount <= 0) return 0;
  const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT nextval('player_debt_moves_id_seq')::int AS id`,
  );
  const { row } = await transferWithBalances(tx, ctx, {
    key: `debt:${credit.key}`,
    code: 'debt_repayment',
    debit: { userId },
    credit: { house: 'house' },
    amount,
    reference: { table: 'player_debt_moves', id: String(id) },
  });
  await tx.insert(playerDebtMoves).values({
    id,
    userId,
    amount: -amount,
    referenceTable: credit.reference.table,
    referenceId: String(credit.reference.id),
    transferId: row.id,
    createdAt: ctx.now(),
  });
  await tx
    .update(playerDebts)
    .set({ owed: debt.owed - amount, updatedAt: ctx.now() })
    .where(eq(playerDebts.userId, userId));
  return amount;
}

/** What the player owes and the latest moves of it, newest first. */
export async function debtOf(db: Conn, userId: number): Promise<wallet.Debt> {
  const [debt] = await db.select().from(playerDebts).where(eq(playerDebts.userId, userId));
  const moves = await db
    .select()
    .from(playerDebtMoves)
    .where(eq(playerDebtMoves.userId, userId))
    .orderBy(desc(playerDebtMoves.id))
    .limit(20);
  return {
    owed: debt?.owed ?? 0,
    moves: moves.map((m) => ({
      amount: m.amount,
      kind: m.amount > 0 ? ('correction' as const) : ('repayment' as const),
      reference: { table: m.referenceTable, id: m.referenceId },
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** What the players among these owe, by user id (those owing nothing left out). */
export async function debtsOf(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ userId: number; owed: number }>(
    db,
    sql`SELECT user_id::int AS "userId", owed::bigint AS owed FROM ${playerDebts}
        WHERE user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::bigint) AND owed > 0`,
  );
  return new Map(rows.map((r) => [Number(r.userId), Number(r.owed)]));
}

/** A credit just made to a player, which may repay their debt (repayDebt). */
export interface Credit {
  userId: number;
  amount: number;
  key: string;
  reference: Reference;
}

/** repayDebt of each credit whose player owes: one read finds them among all the credits' players. */
export async function repayDebtsFrom(tx: Tx, ctx: AppContext, credits: Credit[]): Promise<void> {
  const paid = credits.filter((c) => c.amount > 0);
  const owing = await debtsOf(tx, [...new Set(paid.map((c) => c.userId))]);
  for (const c of paid) if (owing.has(c.userId)) await repayDebt(tx, ctx, c.userId, c);
}

async function addDebt(tx: Tx, ctx: AppContext, userId: number, amount: number, reference: Reference) {
  await tx
    .insert(playerDebts)
    .values({ userId, owed: amount, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: playerDebts.userId,
      set: { owed: sql`${playerDebts.owed} + ${amount}`, updatedAt: ctx.now() },
    });
  await tx.insert(playerDebtMoves).values({
    userId,
    amount,
    referenceTable: reference.table,
    referenceId: String(reference.id),
    createdAt: ctx.now(),
  });
}

/** The player's available cash, their cash row locked (as a transfer locks it) until commit. */
async function lockedCash(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerId, userId), eq(accounts.kind, CASH)))
    .for('no key update');
  return row ? available(row) : 0;
}

/** `ledger:check`'s rules of debts: each is the sum of its moves, each repayment its transfer's amount. */
export const DEBTS_MATCH_MOVES = `
  SELECT count(*)::int AS n, string_agg(user_id::text, ',') AS sample FROM (
    SELECT coalesce(d.user_id, m.user_id) AS user_id FROM player_debts d
    FULL JOIN (SELECT user_id, sum(amount) AS owed FROM player_debt_moves GROUP BY user_id) m ON m.user_id = d.user_id
    WHERE coalesce(d.owed, 0) <> coalesce(m.owed, 0)) w`;

export const REPAYMENTS_MATCH_TRANSFERS = `
  SELECT count(*)::int AS n, string_agg(m.id::text, ',') AS sample FROM player_debt_moves m
  LEFT JOIN transfers t ON t.id = m.transfer_id
  WHERE m.amount < 0 AND (t.id IS NULL OR t.code <> 'debt_repayment' OR t.amount <> -m.amount
    OR t.reference_table <> 'player_debt_moves' OR t.reference_id <> m.id::text OR t.debit_account_id <> (
      SELECT a.id FROM accounts a WHERE a.owner_id = m.user_id AND a.kind = 'cash'))`;
