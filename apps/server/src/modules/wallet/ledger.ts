import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type EntryType, type TransferCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { CASH, accounts, entries, transfers, type HouseKind } from './tables.js';

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
export function transfer(tx: Tx, ctx: AppContext, req: TransferRequest): Promise<TransferRow> {
  return open(tx, ctx, req, 'single');
}

/** Holds money (a withdrawal request): the debit's available balance drops now; post or void later. */
export function hold(tx: Tx, ctx: AppContext, req: TransferRequest): Promise<TransferRow> {
  return open(tx, ctx, req, 'pending');
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

async function open(tx: Tx, ctx: AppContext, req: TransferRequest, kind: 'single' | 'pending'): Promise<TransferRow> {
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
  const earlier = await findByKey(tx, req.key);
  if (earlier) return replay(earlier, hash);

  const debitId = await accountId(tx, req.debit);
  const creditId = await accountId(tx, req.credit);
  if (debitId === creditId) throw new Error('a transfer needs two different accounts');
  // Lock before inserting: the transfer's foreign keys would otherwise share-lock the accounts
  // first, and two transfers waiting to upgrade those locks deadlock.
  const locked = await lockAccounts(tx, debitId, creditId);
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
  // A concurrent transaction committed the same key first.
  if (!row) return replay(await mustFindByKey(tx, req.key), hash);

  const debit = locked.get(debitId);
  if (debit && debit.ownerId !== null && available(debit) < req.amount) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
  }
  const amount = req.amount;
  const after = await applyMoves(tx, [
    { id: debitId, set: kind === 'single' ? { debitsPosted: amount } : { debitsPending: amount } },
    { id: creditId, set: kind === 'single' ? { creditsPosted: amount } : { creditsPending: amount } },
  ]);
  const moved = kind === 'single' ? [debitId, creditId] : [debitId];
  await writeEntries(tx, ctx, row, after, moved, req.code);
  return toRow(row);
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
  await lockAccounts(tx, debitId, creditId);
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

  const after = await applyMoves(tx, [
    {
      id: debitId,
      set: kind === 'post' ? { debitsPending: -amount, debitsPosted: amount } : { debitsPending: -amount },
    },
    {
      id: creditId,
      set: kind === 'post' ? { creditsPending: -amount, creditsPosted: amount } : { creditsPending: -amount },
    },
  ]);
  // Post: the credit side's available balance grows. Void: the debit side's comes back.
  await writeEntries(tx, ctx, row, after, [kind === 'post' ? creditId : debitId], pending.code, [debitId, creditId]);
  return toRow(row);
}

type Deltas = Partial<Record<'debitsPosted' | 'creditsPosted' | 'debitsPending' | 'creditsPending', number>>;

/** Adds the deltas; the overdraft CHECK is the last line of defence and reads as insufficientBalance. */
async function applyMoves(tx: Tx, moves: { id: number; set: Deltas }[]): Promise<Map<number, AccountRecord>> {
  const after = new Map<number, AccountRecord>();
  for (const move of moves) {
    const set = Object.fromEntries(
      Object.entries(move.set).map(([column, delta]) => {
        const col = accounts[column as keyof Deltas];
        return [column, sql`${col} + ${delta}`];
      }),
    );
    try {
      const [row] = await tx.update(accounts).set(set).where(eq(accounts.id, move.id)).returning();
      if (!row) throw new Error(`account ${move.id} vanished`);
      after.set(row.id, row);
    } catch (err) {
      if (pgErrorCode(err) === PG_CHECK_VIOLATION) throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
      throw err;
    }
  }
  return after;
}

/**
 * One entry per account whose available balance changed, then BALANCE_UPDATED to every player
 * touched (delivered only if the transaction commits).
 */
async function writeEntries(
  tx: Tx,
  ctx: AppContext,
  row: TransferRecord,
  after: Map<number, AccountRecord>,
  changed: number[],
  code: TransferCode,
  touched: number[] = changed,
): Promise<void> {
  const rows = changed.map((accountId) => {
    const account = after.get(accountId);
    if (!account) throw new Error(`account ${accountId} not updated`);
    const incoming = row.kind === 'void' || accountId === row.creditAccountId;
    return {
      transferId: row.id,
      accountId,
      type: entryTypeOf(row.kind, code),
      amount: incoming ? row.amount : -row.amount,
      balanceAfter: available(account),
      createdAt: row.createdAt,
    };
  });
  await tx.insert(entries).values(rows);
  for (const accountId of touched) {
    const account = after.get(accountId);
    if (account?.ownerId != null && account.kind === CASH) {
      await ctx.live.notifyUser(account.ownerId, { type: 'BALANCE_UPDATED', balance: available(account) }, tx);
    }
  }
}

export function entryTypeOf(kind: TransferKind, code: TransferCode): EntryType {
  if (kind !== 'void') return code;
  return code === 'withdrawal' ? 'withdrawal_refund' : 'refund';
}

/**
 * Locks both accounts in id order, so concurrent transfers never deadlock. FOR NO KEY UPDATE:
 * the row lock an UPDATE of the balances takes anyway, which leaves foreign keys to the account free.
 */
async function lockAccounts(tx: Tx, a: number, b: number): Promise<Map<number, AccountRecord>> {
  const locked = new Map<number, AccountRecord>();
  for (const id of [Math.min(a, b), Math.max(a, b)]) {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('no key update');
    if (!row) throw new Error(`account ${id} not found`);
    locked.set(id, row);
  }
  return locked;
}

/** The account's id, opening it on first use. */
export async function accountId(db: Conn, ref: AccountRef): Promise<number> {
  const ownerId = 'userId' in ref ? ref.userId : null;
  const kind = 'userId' in ref ? CASH : ref.house;
  const where = and(
    ownerId === null ? isNull(accounts.ownerId) : eq(accounts.ownerId, ownerId),
    eq(accounts.kind, kind),
  );
  const [found] = await db.select({ id: accounts.id }).from(accounts).where(where);
  if (found) return found.id;
  await db.insert(accounts).values({ ownerId, kind }).onConflictDoNothing();
  const [opened] = await db.select({ id: accounts.id }).from(accounts).where(where);
  if (!opened) throw new Error(`account ${kind} could not be opened`);
  return opened.id;
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
