import { createHash } from 'node:crypto';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { beforeCommit, lockKey, queryRows, type Conn, type Tx } from '../../platform/db.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { accountOfNameQuery, type AccountStatus } from '../auth/service.js';
import type { LedgerReference } from '../wallet/service.js';
import { refusal, type Answer } from './wallet-answers.js';
import { providerTransactions, type ProviderTransactionRow } from './tables.js';

/*
 * The provider transactions: each transaction_uuid of a provider answered once and replayed
 * after, under a lock on the uuid so concurrent duplicates apply once.
 */

// A further win of a bet already won is paid under its own row (the first names the bet).
/** A provider's further win paid under its own row (wallet/check.ts). */
export const providerLedgerReferences: LedgerReference[] = [
  { table: 'provider_transactions', idColumn: 'id', code: 'payout', settled: 'own_payout' },
];

/** Arbitrary constants: first keys of the advisory locks on a provider's uuid and on a player. */
const UUID_LOCK = 5_310_021;
const PLAYER_LOCK = 5_310_022;

export type Kind = ProviderTransactionRow['kind'];

/**
 * Locks the uuids (the transaction's own and the one it names) in a fixed order, so that a bet,
 * its win and its rollback run one at a time and never deadlock each other.
 */
export async function lockUuids(tx: Tx, providerId: string, uuids: string[]): Promise<void> {
  // Provider ids have no colon, so the key is unambiguous.
  for (const uuid of [...new Set(uuids)].sort()) await lockKey(tx, UUID_LOCK, `${providerId}:${uuid}`);
}

/** Serialises a player's wallet calls: the balance a bet checks is the one it debits. */
export const lockPlayer = (tx: Tx, userId: number) => lockKey(tx, PLAYER_LOCK, userId);

/**
 * A bet's locks, in the order lockUuids then lockPlayer take them (its uuid, then its player when
 * known), and the player its user names (read first: that needs no lock), in one statement.
 */
export async function lockBet(
  tx: Tx,
  providerId: string,
  uuid: string,
  username: string,
): Promise<{ id: number; status: AccountStatus } | undefined> {
  const [row] = await queryRows<{ id: string | number | null; status: AccountStatus | null }>(
    tx,
    sql`SELECT pg_advisory_xact_lock(${UUID_LOCK}, hashtext(${`${providerId}:${uuid}`})) AS uuid_locked,
               player.id, player.status,
               pg_advisory_xact_lock(${PLAYER_LOCK}, player.id::int) AS player_locked
        FROM (SELECT 1) AS one LEFT JOIN (${accountOfNameQuery(username)}) AS player ON true`,
  );
  if (!row || row.id === null || row.status === null) return undefined;
  return { id: Number(row.id), status: row.status };
}

/**
 * What makes a transaction the same one again (Hub88): its kind, the uuid it names, amount,
 * currency, round, user and game.
 */
export function fingerprint(kind: Kind, parts: (string | number | null | undefined)[]): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, ...parts.map((p) => p ?? null)]))
    .digest('hex');
}

export async function transactionOf(
  db: Conn,
  providerId: string,
  uuid: string,
): Promise<ProviderTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.providerId, providerId), eq(providerTransactions.transactionUuid, uuid)));
  return row;
}

/** A rollback of this uuid that went through (before or after the uuid arrived): a WHERE. */
const rollbackOf = (providerId: string | SQLWrapper, uuid: string | SQLWrapper) =>
  and(
    eq(providerTransactions.providerId, providerId),
    eq(providerTransactions.kind, 'rollback'),
    eq(providerTransactions.referenceUuid, uuid),
    eq(providerTransactions.status, 'RS_OK'),
  );

/** Whether a rollback went through for this uuid (before or after it arrived). */
export async function isRolledBack(db: Conn, providerId: string, uuid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: providerTransactions.id })
    .from(providerTransactions)
    .where(rollbackOf(providerId, uuid))
    .limit(1);
  return row !== undefined;
}

/** isRolledBack as a column of another select. */
export const isRolledBackColumn = (providerId: string | SQLWrapper, uuid: string | SQLWrapper) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${providerTransactions} WHERE ${rollbackOf(providerId, uuid)})`;

/** The next row id, taken ahead so a payout transfer can name the row it is written with. */
export async function nextTransactionId(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('provider_transactions', 'id'))::text AS id`,
  );
  return Number(row!.id);
}

export type NewTransaction = Omit<typeof providerTransactions.$inferInsert, 'status' | 'answer'> & { answer: Answer };

/** Keeps the transaction with its answer (replayed for the same uuid from now on). */
export async function recordTransaction(tx: Tx, row: NewTransaction): Promise<Answer> {
  await insertTransaction(tx, row);
  return row.answer;
}

/**
 * recordTransaction as the transaction's last write, sent with its COMMIT (beforeCommit's
 * oneStatement): for a row that nothing later in the transaction reads or references, a bet's.
 */
export function recordAtCommit(tx: Tx, row: NewTransaction): Answer {
  const insert = insertTransaction(tx, row);
  // execute(), not await: the statement must be sent before the work's first await.
  beforeCommit(tx, async () => void (await insert.execute()), { oneStatement: true });
  return row.answer;
}

const insertTransaction = (tx: Tx, row: NewTransaction) =>
  tx.insert(providerTransactions).values({ ...row, status: row.answer.status });

/**
 * The stored answer again for the same transaction (with this request's request_uuid); another
 * request under a used uuid: RS_ERROR_DUPLICATE_TRANSACTION.
 */
export function replay(
  earlier: Pick<ProviderTransactionRow, 'fingerprint' | 'answer'>,
  print: string,
  requestUuid: string,
  user: string,
): Answer {
  if (earlier.fingerprint !== print) return refusal('RS_ERROR_DUPLICATE_TRANSACTION', requestUuid, user);
  // jsonb keeps keys in its own order: give them back in Hub88's, as first sent.
  const stored: Record<string, unknown> = { ...earlier.answer, request_uuid: requestUuid };
  return Object.fromEntries(ANSWER_ORDER.filter((k) => k in stored).map((k) => [k, stored[k]])) as Answer;
}

const ANSWER_ORDER = ['user', 'status', 'request_uuid', 'currency', 'balance'];

const RACES = new Set(['insufficientBalance']);
const PG_RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a wallet transaction again (at most 3 times) when it lost a race its checks could not
 * see: a debit elsewhere spent the balance it checked, or the database chose it as a deadlock
 * victim. The new run sees what won and answers accordingly.
 */
export async function retryRaces<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      const race = (err instanceof AppError && RACES.has(err.messageKey)) || PG_RETRYABLE.has(pgErrorCode(err) ?? '');
      if (!race || attempt === 3) throw err;
    }
  }
}
