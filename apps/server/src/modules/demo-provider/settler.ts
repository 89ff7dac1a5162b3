import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import {
  abandonBets,
  deliveredState,
  moveRound,
  roundById,
  roundIdsBetting,
  undeliveredRounds,
} from './round-store.js';
import type { DemoRound } from './tables.js';
import { deliver, isFinal, sendCall, type Delivery, type WalletLink } from './wallet-client.js';

/*
 * Wins and rollbacks are final for the provider: it resends them, with the same transaction_uuid,
 * until the wallet gives a final answer. A few attempts happen while the player waits; after
 * that this keeps trying in the background, backing off, and resumes at start what an earlier
 * run left undelivered.
 */

export interface SettlerOptions {
  /** Waits between attempts while the player waits, in ms. */
  inRequestMs: readonly number[];
  /** Waits between background attempts, in ms; the last repeats. */
  backgroundMs: readonly number[];
  /** A bet left without an answer by an earlier run is rolled back once it is this old. */
  staleBetMs: number;
}

export const DEFAULT_SETTLER: SettlerOptions = {
  inRequestMs: [200, 800],
  backgroundMs: [1_000, 2_000, 5_000, 10_000, 30_000, 60_000],
  staleBetMs: 60_000,
};

/** The timers' key of the bets left betting at start (the others are rounds' ids). */
const STALE_BETS = 'stale-bets';

export class Settler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly link: WalletLink,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: SettlerOptions = DEFAULT_SETTLER,
  ) {}

  /**
   * Delivers the round's pending call: a few attempts now, and if none got a final answer, more in
   * the background. The round after the attempts made now, and the last delivery.
   */
  async settle(round: DemoRound): Promise<{ round: DemoRound; delivery: Delivery }> {
    const delivery = await deliver(this.link, round.pending!.call, round.pending!.request, this.options.inRequestMs);
    if (!isFinal(delivery)) {
      this.track(round.id, 0);
      return { round, delivery };
    }
    return { round: (await this.record(round, delivery)) ?? round, delivery };
  }

  /**
   * At start: resumes every round an earlier run left undelivered. A bet still betting but not yet
   * stale (the process stopped moments before this start) is rolled back once it is, unless its
   * answer came meanwhile (another instance's bet in flight).
   */
  async resume(): Promise<void> {
    const staleBefore = new Date(this.now().getTime() - this.options.staleBetMs);
    for (const round of await undeliveredRounds(this.db, staleBefore, this.now())) this.track(round.id, 0);
    const fresh = await roundIdsBetting(this.db);
    if (fresh.length > 0) this.abandonLater(fresh);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  private track(id: string, attempt: number): void {
    const waits = this.options.backgroundMs;
    this.schedule(id, waits[Math.min(attempt, waits.length - 1)]!, () =>
      this.retry(id, attempt).catch((err: unknown) => {
        this.log.error({ err, round: id }, 'demo provider: delivery failed');
        this.track(id, attempt + 1);
      }),
    );
  }

  /** Rolls back, a stale-bet wait from now, those of these bets still betting. */
  private abandonLater(ids: string[]): void {
    this.schedule(STALE_BETS, this.options.staleBetMs, async () => {
      try {
        for (const round of await abandonBets(this.db, ids, this.now())) this.track(round.id, 0);
      } catch (err) {
        this.log.error({ err }, 'demo provider: rolling back stale bets failed');
        this.abandonLater(ids);
      }
    });
  }

  /** Runs the job in `ms` (not once stopped; stop waits for it), one per key at a time. */
  private schedule(key: string, ms: number, job: () => Promise<void>): void {
    if (this.stopped || this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      const run = job().finally(() => this.running.delete(run));
      this.running.add(run);
    }, ms);
    timer.unref();
    this.timers.set(key, timer);
  }

  private async retry(id: string, attempt: number): Promise<void> {
    const round = await roundById(this.db, id);
    if (!round?.pending || (round.state !== 'settling' && round.state !== 'rolling_back')) return;
    const delivery = await sendCall(this.link, round.pending.call, round.pending.request);
    if (isFinal(delivery)) await this.record(round, delivery);
    else this.track(id, attempt + 1);
  }

  private record(round: DemoRound, delivery: Delivery): Promise<DemoRound | undefined> {
    const status = delivery.kind === 'answer' ? delivery.status : null;
    const changes = { state: deliveredState(round.pending!), walletStatus: status, pending: null };
    return moveRound(this.db, round.id, round.state, changes, this.now());
  }
}
