import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ErrorCode, MAX_AMOUNT, type EntryType, type TransferCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { deferHouseMove, type Deltas } from './house-moves.js';
import {
  accountRecordOf,
  insertTransferMoving,
  movePlayerAccount,
  NOT_OPENED,
  insertTransferBetweenPlayers,
  type AccountKey,
  type AccountRecord,
  type NewTransfer,
  type PlayerMove,
  type RawAccount,
  type TransferRecord,
} from './player-moves.js';
import { CASH, accounts, houseShardOf, transfers, type HouseKind } from './tables.js';

export type { TransferCode };

export type { HouseKind };

/**
 * A player's cash account, or a house account: one of its shards (HOUSE_SHARDS), shard 0 unless
 * said; a transfer places its house side on the player's shard itself (onPlayersShard).
 */
export type AccountRef = { userId: number } | { house: HouseKind; shard?: number };

export interface TransferRequest {
  /** Idempotency key: the same key and request replays the first result. */
  key: string;
  code: TransferCode;
  debit: AccountRef;
  credit: AccountRef;
  /** Minor units, a whole number > 0 and at most MAX_AMOUNT (else 422 amountAboveBound). */
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

/** hold(), also giving the players' available balances after (as transferWithBalances). */
export function holdWithBalances(tx: Tx, ctx: AppContext, req: TransferRequest): Promise<Moved> {
  return open(tx, ctx, req, 'pending');
}

export interface Moved {
  row: TransferRow;
  balancesAfter: ReadonlyMap<number, number>;
}

/**
 * A player's available balance after a transfer whose key was new (never a replay, which moves
 * nothing): a missing balance is a caller's mistake, not a state to answer from.
 */
export function balanceAfter(moved: Moved, userId: number): number {
  const balance = moved.balancesAfter.get(userId);
  if (balance === undefined) throw new Error(`transfer ${moved.row.key}: player ${userId}'s cash was not moved here`);
  return balance;
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

async function open(tx: Tx, ctx: AppContext, asked: TransferRequest, kind: 'single' | 'pending'): Promise<Moved> {
  const req = onPlayersShard(asked);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) {
    throw new Error(`ledger amount must be a whole number > 0: ${req.amount}`);
  }
  // Above one transfer's bound: refused before anything is written (docs/wallet-bounds.md).
  if (req.amount > MAX_AMOUNT) throw new AppError(ErrorCode.UNPROCESSABLE, 'amountAboveBound');
  const transfer: NewTransfer = {
    idempotencyKey: req.key,
    requestHash: transferHash(kind, req),
    kind,
    code: req.code,
    amount: req.amount,
    referenceTable: req.reference.table,
    referenceId: String(req.reference.id),
    memo: req.memo ?? null,
    createdAt: ctx.now(),
  };
  // A single player's transfer (a bet, a payout, a deposit…), or one between two players' cash:
  // one statement, unless an account is not opened yet. Otherwise the players' accounts are
  // locked first, in id order.
  const side =
    'userId' in req.debit ? ('userId' in req.credit ? null : 'debit') : 'userId' in req.credit ? 'credit' : null;
  if (side) {
    const written = await insertTransferMoving(
      tx,
      transfer,
      { debit: accountKeyOf(req.debit), credit: accountKeyOf(req.credit) },
      { side, ...firstMoveOf(transfer, side) },
    );
    if (written !== NOT_OPENED) return moved(tx, ctx, transfer, written, new Map());
  } else if (kind === 'single' && 'userId' in req.debit && 'userId' in req.credit) {
    if (req.debit.userId === req.credit.userId) throw new Error('a transfer needs two different accounts');
    const owners = { debit: req.debit.userId, credit: req.credit.userId };
    const written = await insertTransferBetweenPlayers(tx, transfer, owners);
    if (written !== NOT_OPENED) return movedBetweenPlayers(tx, ctx, transfer, written);
  }
  // A key used before is found by the insert's conflict below: most keys are new, so no read first.
  // Lock before inserting: the transfer's foreign keys would otherwise share-lock the accounts
  // first, and two transfers waiting to upgrade those locks deadlock.
  const { ids, locked } = await transferAccounts(tx, req.debit, req.credit);
  const [debitId, creditId] = ids;
  if (debitId === creditId) throw new Error('a transfer needs two different accounts');
  const debit = locked.get(debitId);
  if (debit && available(debit) < req.amount) {
    // A key used before replays whatever the balance is now (looked up only here).
    const earlier = await findByKey(tx, req.key);
    if (earlier) return { row: replay(earlier, transfer.requestHash), balancesAfter: new Map() };
    throw new AppError(ErrorCode.UNPROCESSABLE, 'insufficientBalance');
  }
  // The first player account moves in the statement that writes the transfer.
  const first = locked.has(debitId) ? 'debit' : locked.has(creditId) ? 'credit' : null;
  const accountKeys = { debit: accountKeyOf(req.debit), credit: accountKeyOf(req.credit) };
  const written = first
    ? await insertTransferMoving(tx, transfer, accountKeys, { side: first, ...firstMoveOf(transfer, first) })
    : await insertTransfer(tx, { ...transfer, debitAccountId: debitId, creditAccountId: creditId });
  return moved(tx, ctx, transfer, written === NOT_OPENED ? undefined : written, locked);
}

/** What an open transfer does to its debit and credit accounts. */
function movesOf(kind: TransferKind, amount: number) {
  return kind === 'single'
    ? { debit: { debitsPosted: amount }, credit: { creditsPosted: amount } }
    : { debit: { debitsPending: amount }, credit: { creditsPending: amount } };
}

/** The move of a transfer's first player account, with its entry (a hold changes only the debit's balance). */
function firstMoveOf(t: NewTransfer, side: 'debit' | 'credit') {
  const changed = side === 'debit' || t.kind === 'single';
  return {
    deltas: movesOf(t.kind, t.amount)[side],
    entry: changed
      ? { type: entryTypeOf(t.kind, t.code), amount: side === 'credit' ? t.amount : -t.amount, createdAt: t.createdAt }
      : null,
    // The debit's available balance must cover the amount (the overdraft CHECK is the last line).
    atLeast: side === 'debit' ? t.amount : null,
  };
}

/**
 * The rest of a new transfer once its row is written (with the account it moved in the same
 * statement, if any): the other moves, BALANCE_UPDATED, and the players' balances after. Nothing
 * written: the key was used before (or by a concurrent transaction that committed first): replayed.
 */
async function moved(
  tx: Tx,
  ctx: AppContext,
  transfer: NewTransfer,
  written: { row: TransferRecord; account?: AccountRecord } | undefined,
  locked: Map<number, AccountRecord>,
): Promise<Moved> {
  if (!written) {
    const earlier = await mustFindByKey(tx, transfer.idempotencyKey);
    return { row: replay(earlier, transfer.requestHash), balancesAfter: new Map() };
  }
  const { row, account } = written;
  const deltas = movesOf(row.kind, row.amount);
  const rest = [
    { id: row.debitAccountId, set: deltas.debit },
    { id: row.creditAccountId, set: deltas.credit },
  ].filter((m) => m.id !== account?.id);
  const changed = row.kind === 'single' ? [row.debitAccountId, row.creditAccountId] : [row.debitAccountId];
  const before = new Map(account ? [[account.id, account]] : []);
  const after = await applyMoves(tx, ctx, row, locked, rest, changed, changed, before);
  const balancesAfter = new Map<number, number>();
  for (const a of after.values()) if (a.ownerId !== null && a.kind === CASH) balancesAfter.set(a.ownerId, available(a));
  return { row: toRow(row), balancesAfter };
}

/** moved() for insertTransferBetweenPlayers, which made both moves. */
async function movedBetweenPlayers(
  tx: Tx,
  ctx: AppContext,
  transfer: NewTransfer,
  written: { row: TransferRecord; debit: AccountRecord; credit: AccountRecord } | undefined,
): Promise<Moved> {
  if (!written) return moved(tx, ctx, transfer, undefined, new Map());
  const balancesAfter = new Map<number, number>();
  for (const account of [written.debit, written.credit]) {
    const balance = available(account);
    balancesAfter.set(account.ownerId!, balance);
    await ctx.live.notifyUser(account.ownerId!, { type: 'BALANCE_UPDATED', balance }, tx);
  }
  return { row: toRow(written.row), balancesAfter };
}

/** A transfer without a player account: the row alone (undefined: its key was used before). */
async function insertTransfer(
  tx: Tx,
  values: typeof transfers.$inferInsert,
): Promise<{ row: TransferRecord } | undefined> {
  const [row] = await tx.insert(transfers).values(values).onConflictDoNothing().returning();
  return row && { row };
}

async function resolve(tx: Tx, ctx: AppContext, req: ResolveRequest, kind: 'post' | 'void'): Promise<TransferRow> {
  const hash = resolveHash(kind, req.pendingId);
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
 * player accounts (locked) move now (player-moves.ts), and are returned as they are after, with
 * those the caller moved already (`after`); the house accounts move before commit (house-moves.ts).
 */
async function applyMoves(
  tx: Tx,
  ctx: AppContext,
  row: TransferRecord,
  locked: Map<number, AccountRecord>,
  moves: { id: number; set: Partial<Deltas> }[],
  changed: number[],
  touched: number[] = changed,
  after = new Map<number, AccountRecord>(),
): Promise<Map<number, AccountRecord>> {
  for (const move of moves) {
    const entry = entryOf(row, move.id, changed);
    if (locked.has(move.id)) {
      after.set(move.id, await movePlayerAccount(tx, { id: move.id, deltas: move.set, entry }, row.id));
    } else {
      deferHouseMove(tx, move.id, move.set, entry && { ...entry, transferId: row.id });
    }
  }
  for (const accountId of touched) {
    const account = after.get(accountId);
    if (account?.ownerId != null && account.kind === CASH) {
      await ctx.live.notifyUser(account.ownerId, { type: 'BALANCE_UPDATED', balance: available(account) }, tx);
    }
  }
  return after;
}

/** The entry of a transfer's account, if its available balance changed (`changed`). */
function entryOf(t: TransferRecord, accountId: number, changed: number[]): PlayerMove['entry'] {
  if (!changed.includes(accountId)) return null;
  const amount = t.kind === 'void' || accountId === t.creditAccountId ? t.amount : -t.amount;
  return { type: entryTypeOf(t.kind, t.code), amount, createdAt: t.createdAt };
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
  const { ownerId, kind, shard, where } = accountOf(ref);
  const [found] = await db.select({ id: accounts.id }).from(accounts).where(where);
  if (found) return found.id;
  await db.insert(accounts).values({ ownerId, kind, shard }).onConflictDoNothing();
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
  const idOf = ({ ownerId, kind, shard }: (typeof refs)[number]) =>
    accountsFound.find((f) => f.account.ownerId === ownerId && f.account.kind === kind && f.account.shard === shard)
      ?.account.id;
  const [debitId, creditId] = refs.map(idOf);
  if (debitId === undefined || creditId === undefined) {
    await accountId(tx, debitId === undefined ? a : b);
    return transferAccounts(tx, a, b);
  }
  const locked = new Map(accountsFound.filter((f) => f.locked).map((f) => [f.account.id, f.account]));
  return { ids: [debitId, creditId], locked };
}

/**
 * The request with its house side on the shard of its player (docs/design.md §5, house shards):
 * transfers of different players move different house rows, so they do not queue for one; a
 * player's own transfers queue for that player's cash row anyway.
 */
function onPlayersShard(req: TransferRequest): TransferRequest {
  const player = 'userId' in req.debit ? req.debit : 'userId' in req.credit ? req.credit : null;
  if (!player) return req;
  const shard = houseShardOf(player.userId);
  const placed = (ref: AccountRef): AccountRef => ('house' in ref ? { house: ref.house, shard } : ref);
  return { ...req, debit: placed(req.debit), credit: placed(req.credit) };
}

function accountKeyOf(ref: AccountRef): AccountKey & { kind: typeof CASH | HouseKind } {
  return 'userId' in ref
    ? { ownerId: ref.userId, kind: CASH, shard: 0 }
    : { ownerId: null, kind: ref.house, shard: ref.shard ?? 0 };
}

function accountOf(ref: AccountRef) {
  const { ownerId, kind, shard } = accountKeyOf(ref);
  const where = and(
    ownerId === null ? isNull(accounts.ownerId) : eq(accounts.ownerId, ownerId),
    eq(accounts.kind, kind),
    eq(accounts.shard, shard),
  );
  return { ownerId, kind, shard, where };
}

function refKey(ref: AccountRef): string {
  return 'userId' in ref ? `user:${ref.userId}` : `house:${ref.house}`;
}

/** What a key's later use must repeat to replay it: the request's every field but the key (a house side on any shard). */
export function transferHash(kind: 'single' | 'pending', req: TransferRequest): string {
  const { code, debit, credit, amount, reference, memo } = req;
  return requestHash([
    kind,
    code,
    refKey(debit),
    refKey(credit),
    amount,
    reference.table,
    String(reference.id),
    memo ?? null,
  ]);
}

/** What a resolution's key must repeat to replay it: post or void, of which pending transfer. */
export const resolveHash = (kind: 'post' | 'void', pendingId: number): string => requestHash([kind, pendingId]);

function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export async function findByKey(tx: Tx, key: string): Promise<TransferRecord | undefined> {
  const [row] = await tx.select().from(transfers).where(eq(transfers.idempotencyKey, key));
  return row;
}

async function mustFindByKey(tx: Tx, key: string): Promise<TransferRecord> {
  const row = await findByKey(tx, key);
  if (!row) throw new Error(`transfer ${key} neither inserted nor found`);
  return row;
}

export function replay(earlier: TransferRecord, hash: string): TransferRow {
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
