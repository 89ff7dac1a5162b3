import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ErrorCode, type EntryType, type TransferCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { addDeltas, deferHouseMove, type Deltas, type MoveEntry } from './house-moves.js';
import { CASH, accounts, transfers, type HouseKind } from './tables.js';

export type { TransferCode };

export type { HouseKind };

/** A player's cash account, or a house account. */
export type AccountRef = { userId: number } | { house: HouseKind };

export interface TransferRequest {
  /** Idempotency key: the same key and request replays the first result. */
  key: string;
  code: TransferCode;
  debit: AccountRef;
  credit: AccountRef;
  /** Minor units, a whole number > 0. */
  amount: number;
  /** The business row this money move belongs to. */
  reference: { table: string; id: string | number };
  memo?: string;
}

export interface ResolveRequest {
  key: string;
  pendingId: number;
}

export type TransferKind = 'single' | 'pending' | 'post' | 'void';

export interface TransferRow {
  id: number;
  key: string;
  kind: TransferKind;
  code: TransferCode;
  pendingId: number | null;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  reference: { table: string; id: string };
  createdAt: Date;
}

export { CASH };

const PG_CHECK_VIOLATION = '23514';

type TransferRecord = typeof transfers.$inferSelect;
type AccountRecord = typeof accounts.$inferSelect;

/** Moves money at once. Call it in the transaction of the business row it belongs to. */
export async function transfer(tx: Tx, ctx: AppContext, req: TransferRequest): Promise<TransferRow> {
  return (await open(tx, ctx, req, 'single')).row;
}

/**
 * transfer(), also giving the available balances after of the players' cash it moved, by user
 * id (none for a replay, which moves nothing): what a caller would otherwise read again.
 */
export function transferWithBalances(tx: Tx, ctx: AppContext, req: TransferRequest): Promise<Moved> {
  return open(tx, ctx, req, 'single');
}

/** Holds money (a withdrawal request): the debit's available balance drops now; post or void later. */
export async function hold(tx: Tx, ctx: AppContext, req: TransferRequest): Promise<TransferRow> {
  return (await open(tx, ctx, req, 'pending')).row;
}

export interface Moved {
  row: TransferRow;
  balancesAfter: ReadonlyMap<number, number>;
}

/** Completes a pending transfer (withdrawal paid). */
export function postPending(tx: Tx, ctx: AppContext, req: ResolveRequest): Promise<TransferRow> {
  return resolve(tx, ctx, req, 'post');
}

/** Gives a pending transfer back (withdrawal rejected or failed). */
export function voidPending(tx: Tx, ctx: AppContext, req: ResolveRequest): Promise<TransferRow> {
  return resolve(tx, ctx, req, 'void');
}

/** Available balance: credits posted − debits posted − debits pending. */
export const available = (a: AccountRecord) => a.creditsPosted - a.debitsPosted - a.debitsPending;

async function open(tx: Tx, ctx: AppContext, req: TransferRequest, kind: 'single' | 'pending'): Promise<Moved> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) {
    throw new Error(`ledger amount must be a whole number > 0: ${req.amount}`);
  }
  const hash = requestHash([
    kind,
    req.code,
    refKey(req.debit),
    refKey(req.credit),
    req.amount,
    req.reference.table,
    String(req.reference.id),
    req.memo ?? null,
  ]);
  // A key used before is found by the insert's conflict below: most keys are new, so no read first.
  // Lock before inserting: the transfer's foreign keys would otherwise share-lock the accounts
  // first, and two transfers waiting to upgrade those locks deadlock.
  const { ids, locked } = await transferAccounts(tx, req.debit, req.credit);
  const [debitId, creditId] = ids;
  if (debitId === creditId) throw new Error('a transfer needs two different accounts');
  const now = ctx.now();
  const [row] = await tx
    .insert(transfers)
    .values({
      idempotencyKey: req.key,
      requestHash: hash,
      kind,
      code: req.code,
      debitAccountId: debitId,
      creditAccountId: creditId,
      amount: req.amount,
      referenceTable: req.reference.table,
      referenceId: String(req.reference.id),
      memo: req.memo ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // The key was used before (or by a concurrent transaction that committed first): replay it.
  if (!row) return { row: replay(await mustFindByKey(tx, req.key), hash), balancesAfter: new Map() };

  const debit = locked.get(debitId);
  if (debit && available(debit) < req.amount) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
  }
  const amount = req.amount;
  const moves = [
    { id: debitId, set: kind === 'single' ? { debitsPosted: amount } : { debitsPending: amount } },
    { id: creditId, set: kind === 'single' ? { creditsPosted: amount } : { creditsPending: amount } },
  ];
  const changed = kind === 'single' ? [debitId, creditId] : [debitId];
  const after = await applyMoves(tx, ctx, row, locked, moves, changed);
  const balancesAfter = new Map<number, number>();
  for (const a of after.values()) if (a.ownerId !== null && a.kind === CASH) balancesAfter.set(a.ownerId, available(a));
  return { row: toRow(row), balancesAfter };
}

async function resolve(tx: Tx, ctx: AppContext, req: ResolveRequest, kind: 'post' | 'void'): Promise<TransferRow> {
  const hash = requestHash([kind, req.pendingId]);
  const earlier = await findByKey(tx, req.key);
  if (earlier) return replay(earlier, hash);

  const [pending] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.id, req.pendingId), eq(transfers.kind, 'pending')));
  if (!pending) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const { amount, debitAccountId: debitId, creditAccountId: creditId } = pending;
  const locked = await lockPlayerAccounts(tx, [debitId, creditId]);
  const [row] = await tx
    .insert(transfers)
    .values({
      idempotencyKey: req.key,
      requestHash: hash,
      kind,
      code: pending.code,
      pendingId: pending.id,
      debitAccountId: pending.debitAccountId,
      creditAccountId: pending.creditAccountId,
      amount: pending.amount,
      referenceTable: pending.referenceTable,
      referenceId: pending.referenceId,
      memo: pending.memo,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const sameKey = await findByKey(tx, req.key);
    if (sameKey) return replay(sameKey, hash);
    throw new AppError(ErrorCode.CONFLICT, 'pendingResolved');
  }

  const moves = [
    {
      id: debitId,
      set: kind === 'post' ? { debitsPending: -amount, debitsPosted: amount } : { debitsPending: -amount },
    },
    {
      id: creditId,
      set: kind === 'post' ? { creditsPending: -amount, creditsPosted: amount } : { creditsPending: -amount },
    },
  ];
  // Post: the credit side's available balance grows. Void: the debit side's comes back.
  await applyMoves(tx, ctx, row, locked, moves, [kind === 'post' ? creditId : debitId], [debitId, creditId]);
  return toRow(row);
}

/**
 * Adds the deltas and writes one entry per account whose available balance changed (`changed`),
 * then BALANCE_UPDATED to every player touched (delivered only if the transaction commits). The
 * player accounts (locked) move now, and are returned as they are after; the house accounts move
 * before commit (house-moves.ts). The overdraft CHECK is the last line of defence and reads as
 * insufficientBalance.
 */
async function applyMoves(
  tx: Tx,
  ctx: AppContext,
  row: TransferRecord,
  locked: Map<number, AccountRecord>,
  moves: { id: number; set: Partial<Deltas> }[],
  changed: number[],
  touched: number[] = changed,
): Promise<Map<number, AccountRecord>> {
  const type = entryTypeOf(row.kind, row.code);
  const amountFor = (accountId: number) =>
    row.kind === 'void' || accountId === row.creditAccountId ? row.amount : -row.amount;
  const after = new Map<number, AccountRecord>();
  for (const move of moves) {
    const entry = changed.includes(move.id)
      ? { transferId: row.id, type, amount: amountFor(move.id), createdAt: row.createdAt }
      : null;
    if (locked.has(move.id)) after.set(move.id, await movePlayerAccount(tx, move.id, move.set, entry));
    else deferHouseMove(tx, move.id, move.set, entry);
  }
  for (const accountId of touched) {
    const account = after.get(accountId);
    if (account?.ownerId != null && account.kind === CASH) {
      await ctx.live.notifyUser(account.ownerId, { type: 'BALANCE_UPDATED', balance: available(account) }, tx);
    }
  }
  return after;
}

/** A player account's move and its entry (with the balance after), in one statement. */
async function movePlayerAccount(
  tx: Tx,
  id: number,
  deltas: Partial<Deltas>,
  entry: MoveEntry | null,
): Promise<AccountRecord> {
  const d = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0, ...deltas };
  const written = entry
    ? sql`, entry AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT ${entry.transferId}, id, ${entry.type}, ${entry.amount},
               credits_posted - debits_posted - debits_pending, ${entry.createdAt.toISOString()}::timestamptz
        FROM moved)`
    : sql``;
  try {
    const [row] = await queryRows<RawAccount>(
      tx,
      sql`WITH moved AS (
            UPDATE accounts SET ${addDeltas(d)}
            WHERE id = ${id}
            RETURNING *)${written}
          SELECT * FROM moved`,
    );
    if (!row) throw new Error(`account ${id} vanished`);
    return accountRecordOf(row);
  } catch (err) {
    if (pgErrorCode(err) === PG_CHECK_VIOLATION) throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
    throw err;
  }
}

/** An accounts row as a raw query gives it (bigint as text or number, by driver). */
interface RawAccount {
  id: string | number;
  owner_id: string | number | null;
  kind: string;
  debits_posted: string | number;
  credits_posted: string | number;
  debits_pending: string | number;
  credits_pending: string | number;
  created_at: string | Date;
}

function accountRecordOf(row: RawAccount): AccountRecord {
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

export function entryTypeOf(kind: TransferKind, code: TransferCode): EntryType {
  if (kind !== 'void') return code;
  return code === 'withdrawal' ? 'withdrawal_refund' : 'refund';
}

/**
 * Locks the player accounts among these, in id order, so concurrent transfers never deadlock (the
 * house accounts move before commit: house-moves.ts). FOR NO KEY UPDATE: the row lock an UPDATE
 * of the balances takes anyway, which leaves foreign keys to the account free.
 */
async function lockPlayerAccounts(tx: Tx, ids: number[]): Promise<Map<number, AccountRecord>> {
  const rows = await tx
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, ids), isNotNull(accounts.ownerId)))
    .orderBy(asc(accounts.id))
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** The account's id, opening it on first use. */
export async function accountId(db: Conn, ref: AccountRef): Promise<number> {
  const { ownerId, kind, where } = accountOf(ref);
  const [found] = await db.select({ id: accounts.id }).from(accounts).where(where);
  if (found) return found.id;
  await db.insert(accounts).values({ ownerId, kind }).onConflictDoNothing();
  const [opened] = await db.select({ id: accounts.id }).from(accounts).where(where);
  if (!opened) throw new Error(`account ${kind} could not be opened`);
  return opened.id;
}

/**
 * A transfer's two accounts in one statement: their ids, and the player ones locked in id order
 * (see lockPlayerAccounts). One not opened yet is opened first.
 */
async function transferAccounts(
  tx: Tx,
  a: AccountRef,
  b: AccountRef,
): Promise<{ ids: [number, number]; locked: Map<number, AccountRecord> }> {
  const refs = [accountOf(a), accountOf(b)];
  const where = (owned: boolean) =>
    or(sql`false`, ...refs.filter((r) => (r.ownerId !== null) === owned).map((r) => r.where));
  const rows = await queryRows<RawAccount & { locked: boolean }>(
    tx,
    sql`WITH players AS (SELECT * FROM accounts WHERE ${where(true)} ORDER BY id FOR NO KEY UPDATE)
        SELECT *, true AS locked FROM players
        UNION ALL
        SELECT *, false AS locked FROM accounts WHERE ${where(false)}`,
  );
  const accountsFound = rows.map((r) => ({ account: accountRecordOf(r), locked: r.locked }));
  const idOf = ({ ownerId, kind }: (typeof refs)[number]) =>
    accountsFound.find((f) => f.account.ownerId === ownerId && f.account.kind === kind)?.account.id;
  const [debitId, creditId] = refs.map(idOf);
  if (debitId === undefined || creditId === undefined) {
    await accountId(tx, debitId === undefined ? a : b);
    return transferAccounts(tx, a, b);
  }
  const locked = new Map(accountsFound.filter((f) => f.locked).map((f) => [f.account.id, f.account]));
  return { ids: [debitId, creditId], locked };
}

function accountOf(ref: AccountRef) {
  const ownerId = 'userId' in ref ? ref.userId : null;
  const kind: typeof CASH | HouseKind = 'userId' in ref ? CASH : ref.house;
  const where = and(
    ownerId === null ? isNull(accounts.ownerId) : eq(accounts.ownerId, ownerId),
    eq(accounts.kind, kind),
  );
  return { ownerId, kind, where };
}

function refKey(ref: AccountRef): string {
  return 'userId' in ref ? `user:${ref.userId}` : `house:${ref.house}`;
}

function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

async function findByKey(tx: Tx, key: string): Promise<TransferRecord | undefined> {
  const [row] = await tx.select().from(transfers).where(eq(transfers.idempotencyKey, key));
  return row;
}

async function mustFindByKey(tx: Tx, key: string): Promise<TransferRecord> {
  const row = await findByKey(tx, key);
  if (!row) throw new Error(`transfer ${key} neither inserted nor found`);
  return row;
}

function replay(earlier: TransferRecord, hash: string): TransferRow {
  if (earlier.requestHash !== hash) throw new AppError(ErrorCode.CONFLICT, 'idempotencyConflict');
  return toRow(earlier);
}

function toRow(r: TransferRecord): TransferRow {
  return {
    id: r.id,
    key: r.idempotencyKey,
    kind: r.kind,
    code: r.code,
    pendingId: r.pendingId,
    debitAccountId: r.debitAccountId,
    creditAccountId: r.creditAccountId,
    amount: r.amount,
    reference: { table: r.referenceTable, id: r.referenceId },
    createdAt: r.createdAt,
  };
}
