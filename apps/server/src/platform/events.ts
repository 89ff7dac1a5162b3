import type { AppContext } from './context.js';
import type { Tx } from './db.js';

/**
 * One subscriber of an event: it runs in the emitter's transaction, after the emitter's own
 * writes. Throwing refuses the event: the whole transaction rolls back, the emitter's writes too.
 */
export type Subscriber<P> = (tx: Tx, ctx: AppContext, payload: P) => Promise<void>;

interface Subscription<P> {
  /** Who subscribes and what they do, as docs/events.md lists it. */
  name: string;
  run: Subscriber<P>;
}

/**
 * Domain events on the transaction (docs/architecture.md): a module says what happened
 * (`deposits.credited`) and the modules that follow from it subscribe, instead of the emitter
 * calling each of them. Subscribers are added in one composition file (src/subscribers.ts) and run
 * one after another in the order they were added, so a run's statements come in a fixed order
 * (lock order matters to the ledger). Events for the player's pages stay on the live hub, sent
 * after commit.
 */
export class EventBus<Events extends object> {
  private readonly subscriptions = new Map<keyof Events, Subscription<never>[]>();

  on<K extends keyof Events>(event: K, name: string, run: Subscriber<Events[K]>): this {
    const list = this.subscriptions.get(event) ?? [];
    list.push({ name, run } as Subscription<never>);
    this.subscriptions.set(event, list);
    return this;
  }

  async emit<K extends keyof Events>(tx: Tx, ctx: AppContext, event: K, payload: Events[K]): Promise<void> {
    for (const s of this.subscriptions.get(event) ?? []) await (s.run as Subscriber<Events[K]>)(tx, ctx, payload);
  }

  /** Each event with its subscribers' names, in the order they run (docs/events.md is checked against it). */
  describe(): { event: string; subscribers: string[] }[] {
    return [...this.subscriptions].map(([event, list]) => ({
      event: String(event),
      subscribers: list.map((s) => s.name),
    }));
  }
}
