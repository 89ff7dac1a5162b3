import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/*
 * The console's lane to the database (docs/design.md §2, "The console's lane"). Under a storm of
 * bets every connection of the pool is busy and a request waits in its queue behind hundreds of
 * others: a trader reading the liability or suspending a market would wait with them, when the
 * console matters most. So operator work (the operator area's calls, the console channel's reads),
 * and the book's own work with a deadline (the in-play decisions' ticker), runs in a lane: its statements take a connection of a few kept for it when one is free, and
 * join the shared queue only when all of those are taken (so the lane never waits on itself,
 * whatever one request of it holds).
 */

/** Connections kept for the console, per instance, besides the pool's. */
export const CONSOLE_CONNECTIONS = 2;

const lane = new AsyncLocalStorage<true>();

/** Runs fn, and everything it starts, in the console's lane. */
export const inConsoleLane = <T>(fn: () => T): T => lane.run(true, fn);

type Connected = (err: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;

/**
 * A pool whose connections, asked for in the console's lane, come from `kept` while one of its
 * connections is free or may still be opened. pg.Pool's query() takes its client by connect(), so
 * both ways (a statement, a transaction) follow the lane.
 */
export class LanedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly kept: pg.Pool,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Connected): void;
  override connect(callback?: Connected): Promise<pg.PoolClient> | void {
    const pool = lane.getStore() && hasRoom(this.kept) ? this.kept : undefined;
    if (!pool) return callback ? super.connect(callback) : super.connect();
    return callback ? pool.connect(callback) : pool.connect();
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.kept.end()]);
  }
}

const hasRoom = (pool: pg.Pool): boolean => pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10);
