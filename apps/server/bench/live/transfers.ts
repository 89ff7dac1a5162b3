import { performance } from 'node:perf_hooks';
import { transfer } from '../../src/modules/wallet/service.js';
import type { AppContext } from '../../src/platform/context.js';
import { inTransaction, type Database } from '../../src/platform/db.js';
import { instanceContext } from '../../src/platform/instance-context.js';
import { secretBox } from '../../src/platform/secret-box.js';
import type { BenchPlayer } from '../lib/players.js';

/*
 * Ledger transfers written from the benchmark's process as another server instance writes them:
 * the ledger's pg_notify goes out with each commit, and the measured server's hub (LISTENing)
 * sends BALANCE_UPDATED to both players' sockets.
 *
 * A chain: transfer k moves AMOUNT from player k to player k + stride, so each player but the
 * first `stride` (funded beforehand) passes on what it received `stride` transfers earlier. Every
 * balance is then known in advance (a receiver goes 0 → AMOUNT, a sender AMOUNT → 0), and an
 * event (player, balance) names the transfer it tells of.
 */

const AMOUNT = 100;

interface Expected {
  /** performance.now() when the transfer's commit was acknowledged; NaN before. */
  committedAt: number;
  /** performance.now() when the player's socket received the event; NaN before. */
  arrivedAt: number;
}

export interface TransferRun {
  /** Transfers committed per second, between the first commit and the last. */
  perSecond: number;
  committed: number;
  failed: number;
}

export interface Delivery {
  /** Commit acknowledged → event received, ms, ascending (0 when the event came first). */
  latencies: number[];
  /** Events of committed transfers that never arrived. */
  lost: number;
  /** BALANCE_UPDATED events no transfer explains, or a second time. */
  unexpected: number;
}

export class ChainTransfers {
  private readonly ctx: AppContext;
  private readonly expected = new Map<string, Expected>();
  private unexpected = 0;
  private failed = 0;

  constructor(
    private readonly database: Database,
    private readonly players: readonly BenchPlayer[],
    private readonly stride: number,
  ) {
    this.ctx = instanceContext(database, () => new Date(), secretBox(Buffer.alloc(32, 7)));
  }

  /** Gives the first `stride` players AMOUNT each (an operator's adjustment), before any socket opens. */
  async fund(): Promise<void> {
    for (const [i, player] of this.players.slice(0, this.stride).entries()) {
      await inTransaction(this.database.db, (tx) =>
        transfer(tx, this.ctx, {
          key: `bench_live_fund:${i}`,
          code: 'adjustment',
          debit: { house: 'adjustment' },
          credit: { userId: player.userId },
          amount: AMOUNT,
          reference: { table: 'bench_live', id: `fund${i}` },
        }),
      );
    }
  }

  /** Writes rate × seconds transfers, started evenly over the time (open loop). */
  async run(rate: number, seconds: number): Promise<TransferRun> {
    const total = rate * seconds;
    if (this.players.length < total + this.stride)
      throw new Error(`${total} transfers need ${total + this.stride} players`);
    const done: Promise<boolean>[] = [];
    const started = performance.now();
    let firstCommit = NaN;
    let lastCommit = NaN;
    const launch = async (k: number): Promise<boolean> => {
      // The sender's money arrives with transfer k - stride.
      if (k >= this.stride) await done[k - this.stride];
      const sender = this.players[k]!;
      const receiver = this.players[k + this.stride]!;
      const events = [this.expect(sender.userId, 0), this.expect(receiver.userId, AMOUNT)];
      try {
        await inTransaction(this.database.db, (tx) =>
          transfer(tx, this.ctx, {
            key: `bench_live:${k}`,
            code: 'agent_transfer',
            debit: { userId: sender.userId },
            credit: { userId: receiver.userId },
            amount: AMOUNT,
            reference: { table: 'bench_live', id: k },
          }),
        );
      } catch (err) {
        if (!this.failed++) console.error(`transfer ${k} failed:`, err);
        this.expected.delete(key(sender.userId, 0));
        this.expected.delete(key(receiver.userId, AMOUNT));
        return false;
      }
      lastCommit = performance.now();
      if (Number.isNaN(firstCommit)) firstCommit = lastCommit;
      for (const e of events) e.committedAt = lastCommit;
      return true;
    };
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
        while (done.length < due) done.push(launch(done.length));
        if (done.length < total) setTimeout(tick, 1);
        else resolve();
      };
      tick();
    });
    const committed = (await Promise.all(done)).filter(Boolean).length;
    return { perSecond: (committed - 1) / ((lastCommit - firstCommit) / 1000), committed, failed: total - committed };
  }

  /** Records a player's live event (connectPlayers' onEvent). */
  onEvent = (userId: number, text: string, at: number): void => {
    const event = JSON.parse(text) as { type: string; balance?: number };
    if (event.type !== 'BALANCE_UPDATED') return;
    const expected = this.expected.get(key(userId, event.balance ?? NaN));
    if (!expected || !Number.isNaN(expected.arrivedAt)) this.unexpected += 1;
    else expected.arrivedAt = at;
  };

  delivery(): Delivery {
    const latencies: number[] = [];
    let lost = 0;
    for (const e of this.expected.values()) {
      if (Number.isNaN(e.arrivedAt)) lost += 1;
      else latencies.push(Math.max(0, e.arrivedAt - e.committedAt));
    }
    return { latencies: latencies.sort((a, b) => a - b), lost, unexpected: this.unexpected };
  }

  private expect(userId: number, balance: number): Expected {
    const expected = { committedAt: NaN, arrivedAt: NaN };
    this.expected.set(key(userId, balance), expected);
    return expected;
  }
}

const key = (userId: number, balance: number) => `${userId}:${balance}`;
