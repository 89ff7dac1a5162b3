import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@breakshot/contracts';
import type { Tx } from '../../platform/db.js';
import { AppError, pgConstraint, pgErrorCode } from '../../platform/errors.js';
import { preparedStatement } from '../../platform/prepared.js';
import { addDeltas, type Deltas, type MoveEntry } from './house-moves.js';
import { CASH, type accounts, type transfers } from './tables.js';

/*
 * The player side of transfers: a player account (locked by the caller) moves at once, with its
 * entry and the balance after in the same statement; a new transfer's first player move is
 * written with the transfer row itself (insertTransferMoving), one round trip for both. The
 * overdraft CHECK is the last line of defence and reads as insufficientBalance; the bounds'
 * CHECKs (no total beyond 2^53 − 1) read as amountAboveBound.
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
  const statement = move.entry ? movePlayerWithEntry : movePlayerOnly;
  const [row] = await overdraftRefused(statement(tx, { ...moveValues(move), id: move.id, transferId }));
  if (!row) throw new Error(`account ${move.id} vanished`);
  return accountRecordOf(row);
}

const movePlayerStatement = (withEntry: boolean) =>
  preparedStatement<RawAccount>(
    `wallet_move_player${withEntry ? '_entry' : ''}`,
    sql`WITH ${moveCtes(sql.placeholder('id'), sql.placeholder('transferId'), withEntry, sql``)} SELECT * FROM moved`,
  );
const movePlayerWithEntry = movePlayerStatement(true);
const movePlayerOnly = movePlayerStatement(false);

/** insertTransferMoving's answer when an account of the transfer is not opened yet (nothing written). */
export const NOT_OPENED = Symbol('an account is not opened');

/** An account as its owner, kind and shard (owner null: a house account, one of its shards). */
export interface AccountKey {
  ownerId: number | null;
  kind: string;
  shard: number;
}

/**
 * Inserts the transfer and makes its first player move (`side`), in one statement: the accounts'
 * ids are subqueries (`SELECT id …`), and the move is made only if the player's available balance
 * is at least `atLeast` (else 422 insufficientBalance). Its key used before: nothing written,
 * undefined; an account without a row: nothing written, NOT_OPENED.
 */
export async function insertTransferMoving(
  tx: Tx,
  t: NewTransfer,
  accounts: { debit: AccountKey; credit: AccountKey },
  move: Omit<PlayerMove, 'id'> & { side: 'debit' | 'credit'; atLeast: number | null },
): Promise<{ row: TransferRecord; account: AccountRecord } | undefined | typeof NOT_OPENED> {
  const statement = transferMovingStatement({
    side: move.side,
    debitOwned: accounts.debit.ownerId !== null,
    creditOwned: accounts.credit.ownerId !== null,
    withEntry: move.entry !== null,
    covered: move.atLeast !== null,
  });
  const [result] = await overdraftRefused(
    statement(tx, {
      ...t,
      createdAt: t.createdAt.toISOString(),
      debitOwner: accounts.debit.ownerId,
      debitKind: accounts.debit.kind,
      debitShard: accounts.debit.shard,
      creditOwner: accounts.credit.ownerId,
      creditKind: accounts.credit.kind,
      creditShard: accounts.credit.shard,
      ...moveValues(move),
      atLeast: move.atLeast,
    }),
  );
  if (!result?.opened) return NOT_OPENED;
  if (!result.transfer) return undefined;
  if (!result.account) {
    if (move.atLeast !== null) throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
    throw new Error(`the ${move.side} account of transfer ${result.transfer.id} vanished`);
  }
  return { row: transferRecordOf(result.transfer), account: accountRecordOf(result.account) };
}

/**
 * A transfer of cash between two players (an agent's transfer, a member's), in one statement: both
 * accounts locked in id order (so transfers between the same players in opposite directions never
 * deadlock), the transfer row, the debit (only if the sender's available balance covers it, else
 * 422 insufficientBalance), the credit (only with the debit), and both entries. Its key used
 * before: nothing moved, undefined; an account without a row: nothing written, NOT_OPENED.
 */
export async function insertTransferBetweenPlayers(
  tx: Tx,
  t: NewTransfer,
  owners: { debit: number; credit: number },
): Promise<{ row: TransferRecord; debit: AccountRecord; credit: AccountRecord } | undefined | typeof NOT_OPENED> {
  const [result] = await overdraftRefused(
    betweenPlayers(tx, {
      ...t,
      createdAt: t.createdAt.toISOString(),
      kind: t.kind,
      debitOwner: owners.debit,
      creditOwner: owners.credit,
    }),
  );
  if (!result?.opened) return NOT_OPENED;
  if (!result.transfer) return undefined;
  if (!result.debit || !result.credit) throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
  return {
    row: transferRecordOf(result.transfer),
    debit: accountRecordOf(result.debit),
    credit: accountRecordOf(result.credit),
  };
}

/**
 * The CTE `transfer`: the new transfer's row (its values as placeholders) between the accounts of
 * the CTEs `debit` and `credit`, or none when its key was used before.
 */
const insertTransferCte = (() => {
  const p = sql.placeholder;
  return sql`transfer AS (
        INSERT INTO transfers (idempotency_key, request_hash, kind, code, debit_account_id, credit_account_id,
          amount, reference_table, reference_id, memo, created_at)
        SELECT ${p('idempotencyKey')}, ${p('requestHash')}, ${p('kind')}, ${p('code')}, debit.id, credit.id, ${p('amount')},
          ${p('referenceTable')}, ${p('referenceId')}, ${p('memo')}, ${p('createdAt')}::timestamptz
        FROM debit, credit
        ON CONFLICT DO NOTHING
        RETURNING *)`;
})();

const betweenPlayers = (() => {
  const p = sql.placeholder;
  // Each UPDATE finds its account through the transfer row, which is written only once both locks
  // are held; `credited` moves only if `debited` did.
  return preparedStatement<{
    opened: boolean;
    transfer: RawTransfer | null;
    debit: RawAccount | null;
    credit: RawAccount | null;
  }>(
    'wallet_transfer_between_players',
    sql`WITH locked AS (
        SELECT id, owner_id FROM accounts
        WHERE owner_id IN (${p('debitOwner')}, ${p('creditOwner')}) AND kind = ${CASH}
        ORDER BY id FOR NO KEY UPDATE),
      debit AS (SELECT id FROM locked WHERE owner_id = ${p('debitOwner')}),
      credit AS (SELECT id FROM locked WHERE owner_id = ${p('creditOwner')}),
      ${insertTransferCte},
      debited AS (
        UPDATE accounts SET debits_posted = debits_posted + ${p('amount')}
        WHERE id = (SELECT debit_account_id FROM transfer)
          AND credits_posted - debits_posted - debits_pending >= ${p('amount')}
        RETURNING *),
      credited AS (
        UPDATE accounts SET credits_posted = credits_posted + ${p('amount')}
        WHERE id = (SELECT credit_account_id FROM transfer) AND EXISTS (SELECT 1 FROM debited)
        RETURNING *),
      entry AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT (SELECT id FROM transfer), m.id, ${p('code')}, m.amount, m.balance, ${p('createdAt')}::timestamptz
        FROM (SELECT id, -${p('amount')}::bigint AS amount, credits_posted - debits_posted - debits_pending AS balance FROM debited
              UNION ALL
              SELECT id, ${p('amount')}::bigint, credits_posted - debits_posted - debits_pending FROM credited) m)
      SELECT EXISTS (SELECT 1 FROM debit) AND EXISTS (SELECT 1 FROM credit) AS opened,
             (SELECT row_to_json(t) FROM transfer t) AS transfer,
             (SELECT row_to_json(d) FROM debited d) AS debit,
             (SELECT row_to_json(c) FROM credited c) AS credit`,
  );
})();

interface TransferMovingVariant {
  side: 'debit' | 'credit';
  debitOwned: boolean;
  creditOwned: boolean;
  withEntry: boolean;
  covered: boolean;
}

type TransferMovingRow = { opened: boolean; transfer: RawTransfer | null; account: RawAccount | null };

const transferMovingStatements = new Map<string, ReturnType<typeof preparedStatement<TransferMovingRow>>>();

/** insertTransferMoving's statement of this shape, built on its first use (at most 32 shapes). */
function transferMovingStatement(v: TransferMovingVariant) {
  const key = [
    v.side,
    v.debitOwned ? 'player' : 'house',
    v.creditOwned ? 'player' : 'house',
    v.withEntry ? 'entry' : 'no_entry',
    v.covered ? 'covered' : 'any',
  ].join('_');
  let statement = transferMovingStatements.get(key);
  if (!statement) {
    statement = preparedStatement<TransferMovingRow>(`wallet_transfer_moving_${key}`, transferMovingSql(v));
    transferMovingStatements.set(key, statement);
  }
  return statement;
}

function transferMovingSql(v: TransferMovingVariant): SQL {
  const p = sql.placeholder;
  const accountId = (side: 'debit' | 'credit', owned: boolean) =>
    owned
      ? sql`SELECT id FROM accounts WHERE owner_id = ${p(`${side}Owner`)} AND kind = ${p(`${side}Kind`)}`
      : sql`SELECT id FROM accounts
            WHERE owner_id IS NULL AND kind = ${p(`${side}Kind`)} AND shard = ${p(`${side}Shard`)}`;
  const covered = v.covered ? sql` AND credits_posted - debits_posted - debits_pending >= ${p('atLeast')}` : sql``;
  return sql`WITH debit AS (${accountId('debit', v.debitOwned)}),
      credit AS (${accountId('credit', v.creditOwned)}),
      ${insertTransferCte},
      ${moveCtes(sql`(SELECT ${sql.identifier(`${v.side}_account_id`)} FROM transfer)`, sql`(SELECT id FROM transfer)`, v.withEntry, covered)}
      SELECT EXISTS (SELECT 1 FROM debit) AND EXISTS (SELECT 1 FROM credit) AS opened,
             (SELECT row_to_json(t) FROM transfer t) AS transfer,
             (SELECT row_to_json(m) FROM moved m) AS account`;
}

/** A move's values for moveCtes' placeholders. */
function moveValues({ deltas, entry }: Omit<PlayerMove, 'id'>) {
  return {
    debitsPosted: 0,
    creditsPosted: 0,
    debitsPending: 0,
    creditsPending: 0,
    ...deltas,
    entryType: entry?.type,
    entryAmount: entry?.amount,
    entryAt: entry?.createdAt.toISOString(),
  };
}

/**
 * The CTE `moved` (the account `id` after its move, when `condition` holds) and, with an entry,
 * `entry`; the move's values are placeholders (moveValues).
 */
function moveCtes(id: SQL | Placeholder, transferId: SQL | Placeholder, withEntry: boolean, condition: SQL): SQL {
  const p = sql.placeholder;
  const written = withEntry
    ? sql`, entry AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT ${transferId}, id, ${p('entryType')}, ${p('entryAmount')},
               credits_posted - debits_posted - debits_pending, ${p('entryAt')}::timestamptz
        FROM moved)`
    : sql``;
  return sql`moved AS (
      UPDATE accounts SET ${addDeltas}
      WHERE id = ${id}${condition}
      RETURNING *)${written}`;
}

/** The constraints of drizzle/0037_wallet_bounds.sql: a total or a balance after beyond 2^53 − 1. */
const BOUNDS = new Set(['accounts_totals_bounded', 'entries_balance_bounded']);

async function overdraftRefused<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    if (pgErrorCode(err) !== PG_CHECK_VIOLATION) throw err;
    const bound = BOUNDS.has(pgConstraint(err) ?? '');
    throw new AppError(ErrorCode.UNPROCESSABLE, bound ? 'amountAboveBound' : 'insufficientBalance');
  }
}

/** An accounts row as a raw query gives it (bigint as text or number, by driver and by JSON). */
export interface RawAccount {
  id: string | number;
  owner_id: string | number | null;
  kind: string;
  shard: number;
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
    shard: Number(row.shard),
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
