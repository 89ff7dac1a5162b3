import { sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@breakshot/contracts';
import { queryRows, type Tx } from '../../platform/db.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { addDeltas, type Deltas, type MoveEntry } from './house-moves.js';
import type { accounts, transfers } from './tables.js';

/*
 * The player side of transfers: a player account (locked by the caller) moves at once, with its
 * entry and the balance after in the same statement; a new transfer's first player move is
 * written with the transfer row itself (insertTransferMoving), one round trip for both. The
 * overdraft CHECK is the last line of defence and reads as insufficientBalance.
 */

export type AccountRecord = typeof accounts.$inferSelect;
export type TransferRecord = typeof transfers.$inferSelect;
/** A transfer to open, its accounts not resolved yet. */
export type NewTransfer = Omit<TransferRecord, 'id' | 'pendingId' | 'debitAccountId' | 'creditAccountId'>;

/** A player account's move, and its entry when its available balance changes. */
export interface PlayerMove {
  id: number;
  deltas: Partial<Deltas>;
  entry: Omit<MoveEntry, 'transferId'> | null;
}

const PG_CHECK_VIOLATION = '23514';

/** The move of a player account and its entry, for a transfer already written. */
export async function movePlayerAccount(tx: Tx, move: PlayerMove, transferId: number): Promise<AccountRecord> {
  const [row] = await overdraftRefused(
    queryRows<RawAccount>(tx, sql`WITH ${moveCtes(move, sql`${transferId}`, sql``)} SELECT * FROM moved`),
  );
  if (!row) throw new Error(`account ${move.id} vanished`);
  return accountRecordOf(row);
}

/** insertTransferMoving's answer when an account of the transfer is not opened yet (nothing written). */
export const NOT_OPENED = Symbol('an account is not opened');

/**
 * Inserts the transfer and makes its first player move (`side`), in one statement: the accounts'
 * ids are subqueries (`SELECT id …`), and the move is made only if the player's available balance
 * is at least `atLeast` (else 422 insufficientBalance). Its key used before: nothing written,
 * undefined; an account without a row: nothing written, NOT_OPENED.
 */
export async function insertTransferMoving(
  tx: Tx,
  t: NewTransfer,
  accountIds: { debit: SQL; credit: SQL },
  move: Omit<PlayerMove, 'id'> & { side: 'debit' | 'credit'; atLeast: number | null },
): Promise<{ row: TransferRecord; account: AccountRecord } | undefined | typeof NOT_OPENED> {
  const covered =
    move.atLeast === null ? sql`` : sql` AND credits_posted - debits_posted - debits_pending >= ${move.atLeast}`;
  const [result] = await overdraftRefused(
    queryRows<{ opened: boolean; transfer: RawTransfer | null; account: RawAccount | null }>(
      tx,
      sql`WITH debit AS (${accountIds.debit}),
          credit AS (${accountIds.credit}),
          transfer AS (
            INSERT INTO transfers (idempotency_key, request_hash, kind, code, debit_account_id, credit_account_id,
              amount, reference_table, reference_id, memo, created_at)
            SELECT ${t.idempotencyKey}, ${t.requestHash}, ${t.kind}, ${t.code}, debit.id, credit.id, ${t.amount},
              ${t.referenceTable}, ${t.referenceId}, ${t.memo}, ${t.createdAt.toISOString()}::timestamptz
            FROM debit, credit
            ON CONFLICT DO NOTHING
            RETURNING *),
          ${moveCtes(
            { ...move, id: sql`(SELECT ${sql.identifier(`${move.side}_account_id`)} FROM transfer)` },
            sql`(SELECT id FROM transfer)`,
            covered,
          )}
          SELECT EXISTS (SELECT 1 FROM debit) AND EXISTS (SELECT 1 FROM credit) AS opened,
                 (SELECT row_to_json(t) FROM transfer t) AS transfer,
                 (SELECT row_to_json(m) FROM moved m) AS account`,
    ),
  );
  if (!result?.opened) return NOT_OPENED;
  if (!result.transfer) return undefined;
  if (!result.account) {
    if (move.atLeast !== null) throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
    throw new Error(`the ${move.side} account of transfer ${result.transfer.id} vanished`);
  }
  return { row: transferRecordOf(result.transfer), account: accountRecordOf(result.account) };
}

/** The CTE `moved` (the account after its move, when `condition` holds) and, with an entry, `entry`. */
function moveCtes(
  { id, deltas, entry }: Omit<PlayerMove, 'id'> & { id: number | SQL },
  transferId: SQL,
  condition: SQL,
): SQL {
  const d = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0, ...deltas };
  const written = entry
    ? sql`, entry AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT ${transferId}, id, ${entry.type}, ${entry.amount},
               credits_posted - debits_posted - debits_pending, ${entry.createdAt.toISOString()}::timestamptz
        FROM moved)`
    : sql``;
  return sql`moved AS (
      UPDATE accounts SET ${addDeltas(d)}
      WHERE id = ${id}${condition}
      RETURNING *)${written}`;
}

async function overdraftRefused<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    if (pgErrorCode(err) === PG_CHECK_VIOLATION) throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
    throw err;
  }
}

/** An accounts row as a raw query gives it (bigint as text or number, by driver and by JSON). */
export interface RawAccount {
  id: string | number;
  owner_id: string | number | null;
  kind: string;
  debits_posted: string | number;
  credits_posted: string | number;
  debits_pending: string | number;
  credits_pending: string | number;
  created_at: string | Date;
}

export function accountRecordOf(row: RawAccount): AccountRecord {
  return {
    id: Number(row.id),
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    kind: row.kind as AccountRecord['kind'],
    debitsPosted: Number(row.debits_posted),
    creditsPosted: Number(row.credits_posted),
    debitsPending: Number(row.debits_pending),
    creditsPending: Number(row.credits_pending),
    createdAt: new Date(row.created_at),
  };
}

/** A transfers row as row_to_json gives it. */
interface RawTransfer {
  id: number;
  idempotency_key: string;
  request_hash: string;
  kind: TransferRecord['kind'];
  code: TransferRecord['code'];
  pending_id: number | null;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  reference_table: string;
  reference_id: string;
  memo: string | null;
  created_at: string;
}

function transferRecordOf(row: RawTransfer): TransferRecord {
  return {
    id: Number(row.id),
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    kind: row.kind,
    code: row.code,
    pendingId: row.pending_id === null ? null : Number(row.pending_id),
    debitAccountId: Number(row.debit_account_id),
    creditAccountId: Number(row.credit_account_id),
    amount: Number(row.amount),
    referenceTable: row.reference_table,
    referenceId: row.reference_id,
    memo: row.memo,
    createdAt: new Date(row.created_at),
  };
}
