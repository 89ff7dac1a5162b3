import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { DURABLE_START_PARAMS, lockFolder, secureFolder, syncToDisk } from './pglite-folder.js';
import { nameStatements } from './named-statements.js';
import { holdUntilCommit, pipelineEdges, writeTogether } from './pipelined-edges.js';
import { CONSOLE_CONNECTIONS, LanedPool } from './console-lane.js';

type Drizzle = PgDatabase<PgQueryResultHKT>;
declare const handle: unique symbol;

/** The database: what opens transactions. A transaction is not a Db, so nothing nests one by accident. */
export type Db = Drizzle & { readonly [handle]: 'db' };

/**
 * A transaction: what functions that must run inside their caller's transaction take (every
 * ledger write); passing the database instead does not compile.
 */
export type Tx = Drizzle & { readonly [handle]: 'tx' };

/** Either: for reads that may run on their own or inside a caller's transaction. */
export type Conn = Db | Tx;

/** One connection, for statements Drizzle cannot send (several statements in one string). */
export interface RawConnection {
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /**
   * For report reads that tolerate a replica's lag: the DATABASE_REPLICA_URL pool (a read-only
   * session: a write there fails), or `db` itself without one. Never for a balance check, a read
   * a write follows, or a read of what the same request just wrote.
   */
  readDb: Db;
  /** Runs fn on one dedicated connection (session-level advisory locks, multi-statement SQL). */
  withConnection<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * NOTIFY each payload on the channel, in order, in one transaction of its own, on a connection
   * of its own (never waiting behind the pool's queue) that commits without waiting for its WAL
   * flush: it writes nothing but its commit record, and a notification is never durable anyway.
   */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; without it PGlite runs in-process. */
  url?: string | undefined;
  /** PGlite data folder; without it PGlite keeps everything in memory. */
  dataDir?: string | undefined;
  /** In memory only: start from this dump of a PGlite cluster (tests start from a migrated one). */
  fromDump?: Blob | undefined;
  log?: FastifyBaseLogger | undefined;
  /** PostgreSQL only: a replica for report reads (readDb); unset: they read `url`. */
  replicaUrl?: string | undefined;
  /** PostgreSQL only: connections per pool (default 10); PGlite has one. */
  poolMax?: number | undefined;
  /** PostgreSQL only: a statement running longer fails (57014, query_canceled); 0 or unset: no limit. */
  statementTimeoutMs?: number | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPg(options.url, options) : openPglite(options, options.log);
}

/** A transaction left open and idle this long is ended by the server, releasing its locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;

/** The replica's handles: what must not write (see isReplica). */
const replicas = new WeakSet<Conn>();

/** Whether `conn` is a read-only replica's (a cache a read would fill must be skipped there). */
export const isReplica = (conn: Conn): boolean => replicas.has(conn);

interface CommitWork {
  run: () => Promise<void>;
  oneStatement: boolean;
}

/** Work each open transaction runs after its own and before COMMIT (see beforeCommit). */
const commitWork = new WeakMap<Tx, CommitWork[]>();
/** What each open transaction starts once it has committed (see afterCommit). */
const committedWork = new WeakMap<Tx, (() => void)[]>();

/** Runs fn in a transaction (the only place one begins); a throw rolls everything back. */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: (() => void)[] = [];
  let sentWithCommit: Promise<void> | undefined;
  let result: T;
  try {
    result = await db.transaction(async (drizzleTx) => {
      const tx = drizzleTx as unknown as Tx;
      const work: CommitWork[] = [];
      commitWork.set(tx, work);
      committedWork.set(tx, committed);
      const result = await fn(tx);
      for (let next = work.shift(); next; next = work.shift()) {
        const lastOnes = [next, ...work];
        const held = lastOnes.every((w) => w.oneStatement) ? holdUntilCommit(sessionClientOf(tx)) : null;
        if (!held) {
          await next.run();
          continue;
        }
        work.length = 0;
        sentWithCommit = Promise.all(lastOnes.map((w) => w.run())).then(() => undefined);
        // Read once COMMIT is answered, below.
        sentWithCommit.catch(() => undefined);
        if (held() === lastOnes.length) continue;
        // Sent after COMMIT, a statement would run outside the transaction: a defect of its work.
        sentWithCommit = undefined;
        throw new Error('work before commit said to send one statement sent none before its first await');
      }
      return result;
    });
  } finally {
    // Its failure aborted the transaction, which COMMIT then rolled back: that failure is the one to tell.
    await sentWithCommit;
  }
  for (const start of committed) start();
  return result;
}

/** The connection a handle runs on (Drizzle's session client: pg's, or PGlite). */
export const sessionClientOf = (tx: Conn): unknown =>
  (tx as unknown as { session: { client: unknown } }).session.client;

/** Whether `conn` is a transaction (opened by inTransaction), not a pool. */
export const isTransaction = (conn: Conn): conn is Tx => commitWork.has(conn as Tx);

/**
 * Runs `work` in the transaction once everything else in it is done, just before COMMIT, in the
 * order registered: the ledger applies a transaction's moves of the house accounts, which every
 * bet shares, there, so their row locks are held only for that statement and the commit.
 * `oneStatement`: `work` sends one statement, before its first await, and whatever it checks of
 * the answer fails the statement itself; when it and every work after it are so, their
 * statements are written with the COMMIT, one round trip for all (pipelined-edges.ts).
 */
export function beforeCommit(tx: Tx, work: () => Promise<void>, { oneStatement = false } = {}): void {
  const queue = commitWork.get(tx);
  if (!queue) throw new Error('beforeCommit needs a transaction opened by inTransaction');
  queue.push({ run: work, oneStatement });
}

/**
 * Starts `start` once the transaction has committed, before inTransaction returns (never if it
 * rolls back); it is not awaited: what it starts must handle its own failure. The live hub
 * publishes a transaction's events there (hub.ts).
 */
export function afterCommit(tx: Tx, start: () => void): void {
  const queue = committedWork.get(tx);
  if (!queue) throw new Error('afterCommit needs a transaction opened by inTransaction');
  queue.push(start);
}

/**
 * Runs works that do not wait for one another's answers (a lock and the reads it guards, say),
 * each sending its first statement when called (pipelined-edges.ts, writeTogether): on PostgreSQL
 * in one write, one round trip for all, run in the order given; on PGlite one after the other.
 */
export async function together<T extends readonly unknown[]>(
  tx: Tx,
  ...works: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  const sent = writeTogether(sessionClientOf(tx), works as (() => Promise<unknown>)[]);
  if (sent) return (await Promise.all(sent)) as unknown as T;
  const answers: unknown[] = [];
  for (const work of works) answers.push(await work());
  return answers as unknown as T;
}

/**
 * Holds a lock on `key` within `space` until the transaction ends, so transactions that take it
 * run one at a time (e.g. a count and the insert it allows). `space` is an arbitrary constant
 * naming what is guarded; a string key is hashed.
 */
export async function lockKey(tx: Tx, space: number, key: number | string): Promise<void> {
  // execute(): sent when called (together()).
  await tx
    .execute(
      typeof key === 'number'
        ? sql`SELECT pg_advisory_xact_lock(${space}, ${key}::int)`
        : sql`SELECT pg_advisory_xact_lock(${space}, hashtext(${key}))`,
    )
    .execute();
}

/**
 * lockKey of many keys in one statement, taken in ascending order (the sort runs before the
 * volatile lock calls), so two transactions locking overlapping keys never deadlock.
 */
export async function lockKeys(tx: Tx, space: number, keys: readonly number[]): Promise<void> {
  // execute(): sent when called (together()).
  const array = `{${keys.map((k) => Math.trunc(k)).join(',')}}`;
  await tx
    .execute(sql`SELECT pg_advisory_xact_lock(${space}, k) FROM unnest(${array}::int[]) AS k ORDER BY k`)
    .execute();
}

/** Rows of a raw query, on either driver. */
export async function queryRows<T>(db: Conn, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function pingDatabase(db: Conn): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite in memory, or on a data folder: made private (0700/0600), locked against a second
 * process (FolderInUseError), and durable (fsync on; see pglite-folder.ts).
 */
async function openPglite(
  { dataDir, fromDump }: DatabaseOptions,
  log: FastifyBaseLogger | undefined,
): Promise<Database> {
  let release = () => undefined as void;
  let client: PGlite;
  if (dataDir) {
    release = lockFolder(dataDir);
    try {
      const fixed = secureFolder(dataDir);
      if (fixed.length > 0) {
        const note = `data folder ${dataDir}: made ${fixed.length} paths private (they were open to others)`;
        if (log) log.warn({ fixed: fixed.slice(0, 10) }, note);
        else console.warn(note);
      }
      client = await PGlite.create(dataDir, { startParams: DURABLE_START_PARAMS });
      syncToDisk(client);
      // PGlite unpacks a new cluster with the modes of its archive.
      secureFolder(dataDir);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create(fromDump ? { loadDataDir: fromDump } : {});
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    readDb: db,
    // PGlite has a single connection: it is always the dedicated one.
    withConnection: (fn) => fn({ exec: async (text) => void (await client.exec(text)) }),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    notify: async (channel, payloads) => void (await client.query(NOTIFY_SQL, [channel, JSON.stringify(payloads)])),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** The database server or its replica did not answer at start (server.ts says so and stops). */
export class DatabaseUnavailable extends Error {}

async function openPg(url: string, options: DatabaseOptions): Promise<Database> {
  const { log } = options;
  // Money is acknowledged only once its commit is on disk, whatever the server's default says.
  const durable = 'SET synchronous_commit = on';
  const pool = openPool(url, options, durable, openPool(url, { ...options, poolMax: CONSOLE_CONNECTIONS }, durable));
  await warnIfNotDurable(pool, log).catch(async (err: unknown) => {
    await pool.end();
    throw new DatabaseUnavailable(`the database (DATABASE_URL) does not answer: ${errorText(err)}`, { cause: err });
  });
  const replica = options.replicaUrl
    ? openPool(options.replicaUrl, options, 'SET default_transaction_read_only = on')
    : undefined;
  if (replica) {
    await replica.query('SELECT 1').catch(async (err: unknown) => {
      await Promise.all([pool.end(), replica.end()]);
      throw new DatabaseUnavailable(`the replica (DATABASE_REPLICA_URL) does not answer: ${errorText(err)}`, {
        cause: err,
      });
    });
  }
  const db = drizzlePg(pool) as unknown as Db;
  const readDb = replica ? (drizzlePg(replica) as unknown as Db) : db;
  if (replica) replicas.add(readDb);
  const listeners = new Set<PgListener>();
  const publisher = openPool(url, { ...options, poolMax: 1 }, 'SET synchronous_commit = off');
  const notifying = new Set<Promise<void>>();
  return {
    kind: 'pg',
    db,
    readDb,
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({ exec: async (text) => void (await client.query(text)) });
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      const listener = new PgListener(url, channel, onPayload, log);
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    notify: (channel, payloads) => {
      const sent = publisher.query(NOTIFY_SQL, [channel, JSON.stringify(payloads)]).then(() => undefined);
      notifying.add(sent);
      void sent.finally(() => notifying.delete(sent)).catch(() => undefined);
      return sent;
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.stop()));
      await Promise.all([pool.end(), replica?.end()]);
      // Transactions that committed while the pool closed (a request its client gave up on) publish
      // their events after commit (live/hub.ts): let that start, and go out, before the publisher ends.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (notifying.size === 0) break;
        await Promise.allSettled([...notifying]);
      }
      await publisher.end();
    },
  };
}

/**
 * A pool whose every connection first runs `setup` and sets the session's time limits; a
 * connection that fails to is closed, never used. (SETs rather than startup options, which some
 * connection poolers refuse.) With `kept`, the console's lane takes its connections there first
 * (console-lane.ts).
 */
function openPool(url: string, options: DatabaseOptions, setup: string, kept?: pg.Pool): pg.Pool {
  const session = [
    setup,
    `SET statement_timeout = ${Math.trunc(options.statementTimeoutMs ?? 0)}`,
    `SET idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_MS}`,
  ].join('; ');
  const config: pg.PoolConfig = {
    connectionString: url,
    max: options.poolMax ?? 10,
    // Queries written as soon as they are queued: a transaction's edges go with its statements.
    pipeline: true,
    onConnect: async (client) => {
      nameStatements(client);
      pipelineEdges(client);
      await client.query(session);
    },
  };
  const pool = kept ? new LanedPool(config, kept) : new pg.Pool(config);
  pool.on('error', (err) => options.log?.error({ err }, 'idle database connection failed'));
  return pool;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A server run with fsync off can lose acknowledged commits in a power cut: say so at start. */
async function warnIfNotDurable(pool: pg.Pool, log: FastifyBaseLogger | undefined): Promise<void> {
  const { rows } = await pool.query<{ fsync: string }>('SHOW fsync');
  if (rows[0]?.fsync === 'on') return;
  const note = 'PostgreSQL runs with fsync off: acknowledged deposits and bets can be lost in a crash';
  if (log) log.warn(note);
  else console.warn(note);
}

/** Database.notify's statement: $1 the channel, $2 the payloads as a JSON array. */
const NOTIFY_SQL = 'SELECT pg_notify($1, p) FROM jsonb_array_elements_text($2::jsonb) AS p';

const RECONNECT_MS = 1_000;

/** A dedicated connection kept in LISTEN; it reconnects when the connection drops. */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly log: FastifyBaseLogger | undefined,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload !== undefined) this.onPayload(msg.payload);
    });
    client.on('error', (err) => {
      this.log?.warn({ err }, 'LISTEN connection failed');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
  }

  private reconnect(failed: pg.Client): void {
    if (this.stopped || this.client !== failed || this.retry) return;
    this.client = null;
    failed.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((err: unknown) => {
        this.log?.warn({ err }, 'LISTEN reconnect failed');
        this.client = failed;
        this.reconnect(failed);
      });
    }, RECONNECT_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** `column = ANY(ids)`, the ids one array parameter: thousands of ids cost one parameter, not thousands. */
export const isAnyOf = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`;

/**
 * `column = 'value'` (or `column IN ('a', 'b')`) with the values written into the statement's
 * text rather than sent as parameters. The pools name a statement sent often
 * (named-statements.ts), and PostgreSQL then plans it once for any parameters (a generic plan): a
 * `status = $1` could be any status, so such a plan cannot use a partial index `WHERE status =
 * 'pending'` and reads the table whole instead. Use it where a partial index's predicate is what a
 * query reads by (docs/design.md §2, "Statements on `pg`"; test/platform/generic-plans.test.ts).
 * Only plain words are taken: nothing from outside reaches a statement's text.
 */
export function isLiteral(column: SQLWrapper, ...values: [string, ...string[]]): SQL {
  const bad = values.find((v) => !/^[A-Za-z_]+$/.test(v));
  if (bad !== undefined) throw new Error(`isLiteral takes plain words, not ${JSON.stringify(bad)}`);
  const listed = values.map((v) => `'${v}'`).join(', ');
  return values.length === 1 ? sql`${column} = ${sql.raw(listed)}` : sql`${column} IN (${sql.raw(listed)})`;
}
