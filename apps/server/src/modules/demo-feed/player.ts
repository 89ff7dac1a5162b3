import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { feed } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, queryRows, type Tx } from '../../platform/db.js';
import { newCommitment } from '../../platform/fair.js';
import { ensureProviderKey } from '../feed/service.js';
import { CATCH_UP_EVENTS, catchUpPoint, snapshotAfter } from './catch-up.js';
import { postEvents, postSnapshot, type FeedLink } from './client.js';
import { between, drawLineUp } from './line-ups.js';
import { demoFeedMatches, type DemoFeedMatchRow } from './tables.js';
import { timeline, type DemoMatch, type TimedEvent } from './timeline.js';

/*
 * Demo mode's billiards: a feed provider of its own that keeps a schedule of matches and, every
 * tick, posts each match's events that have come due to the feed API over HTTP, as an outside
 * provider would (docs/design.md §9). What each match does follows from its seed (timeline.ts),
 * so a tick needs to know only how many of its events the API has taken. No transaction is held
 * while it posts (the API's own transactions need the connection, the only one on PGlite). Two
 * instances may post the same events: the API acknowledges a repeat, and `sent` only grows.
 */

export interface DemoFeedOptions {
  /** Upcoming matches to keep scheduled. */
  upcoming: number;
  /** Matches already under way when the schedule starts empty, ms into their play. */
  underWayMs: number[];
  /** Time between the starts of consecutive matches, ms. */
  gapMs: readonly [number, number];
  tickMs: number;
  /** How long a post to the feed API may take before the tick gives up on it (sent again next tick). */
  timeoutMs: number;
  /**
   * Most posts to the feed API in one tick; what is left goes on the next ticks (each match's
   * `sent` says where it resumes). After a long stop or a jump of the clock every match is far
   * behind at once, and catching them all up in one tick (a snapshot, the last events, the
   * settlement of each) held PGlite's one connection for seconds (docs/design.md §9).
   */
  postsPerTick: number;
}

export const DEFAULT_DEMO_FEED: DemoFeedOptions = {
  upcoming: 6,
  underWayMs: [60_000, 5_000],
  gapMs: [150_000, 300_000],
  tickMs: 1_000,
  timeoutMs: 5_000,
  // A post for each unfinished match (six upcoming, one or two under way) still fits in a tick.
  postsPerTick: 8,
};

export const DEMO_FEED_PROVIDER = { id: 'demo-feed', name: '演示数据源', enabled: true, staleSeconds: 20 };

/** Advisory lock of the schedule: one instance at a time adds matches. */
const SCHEDULE_LOCK = 7_204_812;

const seedContext = (ref: string) => `demo_feed_matches.server_seed:${ref}`;

export class DemoFeed {
  private readonly timelines = new Map<string, TimedEvent[]>();

  /** `base`: the feed API's address, null until there is one (the app not listening yet). */
  constructor(
    private readonly ctx: AppContext,
    private readonly base: () => string | null,
    readonly options = DEFAULT_DEMO_FEED,
  ) {}

  /**
   * Tops up the schedule, then sends the matches' due events, first to start first, in at most
   * `postsPerTick` posts; throws naming the matches the API refused.
   */
  async tick(now = this.ctx.now()): Promise<void> {
    const base = this.base();
    if (!base) return;
    const { key, playing } = await inTransaction(this.ctx.db, async (tx) => {
      const locked = await queryRows<{ ok: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${SCHEDULE_LOCK}) AS ok`,
      );
      if (locked[0]?.ok) await fillSchedule(tx, this.ctx, this.options, now);
      return { key: await ensureProviderKey(tx, this.ctx, DEMO_FEED_PROVIDER), playing: await unfinished(tx) };
    });
    const link: FeedLink = { base, providerId: DEMO_FEED_PROVIDER.id, key, timeoutMs: this.options.timeoutMs };
    const failures: string[] = [];
    const budget = { posts: this.options.postsPerTick };
    for (const m of playing) {
      if (budget.posts === 0) break;
      const failed = await this.sendDue(link, m, now, budget);
      if (failed) failures.push(`${m.ref}: ${failed}`);
    }
    if (failures.length > 0) throw new Error(`the feed API refused ${failures.join('; ')}`);
  }

  /**
   * Posts the match's events due by `now` not yet taken (after a snapshot, if it is far behind),
   * as far as the tick's budget of posts goes; why not, if the API refused them.
   */
  private async sendDue(link: FeedLink, m: DemoFeedMatchRow, now: Date, budget: Budget): Promise<string | null> {
    const events = this.timelineOf(m);
    let sent = m.sent;
    const due = sent + events.slice(sent).filter((e) => e.dueAt <= now.getTime()).length;
    // Each post spends one of the tick's: none left, and the match resumes from `sent` next tick.
    if (sent === 0 && due > CATCH_UP_EVENTS) {
      if (!spend(budget)) return null;
      // Its match_scheduled first, alone: it carries the seed's hash, which a snapshot does not.
      const failed = await postEvents(link, [events[0]!.event]);
      if (failed) return failed;
      sent = await this.taken(m, 1, events.length);
    }
    if (due - sent > CATCH_UP_EVENTS && catchUpPoint(events, due) > sent) {
      if (!spend(budget)) return null;
      const to = catchUpPoint(events, due);
      const failed = await postSnapshot(link, snapshotAfter(this.demoMatch(m), events, to));
      if (failed) return failed;
      sent = await this.taken(m, to, events.length);
    }
    if (due <= sent || !spend(budget)) return null;
    const failed = await postEvents(
      link,
      events.slice(sent, Math.min(due, sent + feed.MAX_BATCH)).map((e) => e.event),
    );
    if (failed) return failed;
    await this.taken(m, Math.min(due, sent + feed.MAX_BATCH), events.length);
    return null;
  }

  /** Records that the API has the match's first `sent` events; returns it. */
  private async taken(m: DemoFeedMatchRow, sent: number, total: number): Promise<number> {
    await this.ctx.db
      .update(demoFeedMatches)
      .set({ sent: sql`GREATEST(${demoFeedMatches.sent}, ${sent})`, finished: sent === total })
      .where(eq(demoFeedMatches.ref, m.ref));
    if (sent === total) this.timelines.delete(m.ref);
    return sent;
  }

  private demoMatch(m: DemoFeedMatchRow): DemoMatch {
    return { ...m, serverSeed: this.ctx.secrets.open(m.serverSeed, seedContext(m.ref)) };
  }

  private timelineOf(m: DemoFeedMatchRow): TimedEvent[] {
    let events = this.timelines.get(m.ref);
    if (!events) {
      events = timeline(this.demoMatch(m));
      this.timelines.set(m.ref, events);
    }
    return events;
  }
}

/** What is left of a tick's posts (DemoFeedOptions.postsPerTick). */
interface Budget {
  posts: number;
}

/** Takes one post of the tick's budget; false if none is left. */
function spend(budget: Budget): boolean {
  if (budget.posts === 0) return false;
  budget.posts -= 1;
  return true;
}

/** Matches not finished, first to start first: those with events still to send. */
const unfinished = (tx: Tx) =>
  tx.select().from(demoFeedMatches).where(eq(demoFeedMatches.finished, false)).orderBy(asc(demoFeedMatches.startAt));

/** An empty schedule gets matches already under way; then upcoming ones are topped up. */
async function fillSchedule(tx: Tx, ctx: AppContext, options: DemoFeedOptions, now: Date): Promise<void> {
  const [any] = await tx.select({ n: count() }).from(demoFeedMatches);
  if (!any?.n) {
    for (const ms of options.underWayMs) await newMatch(tx, ctx, new Date(now.getTime() - ms));
  }
  const upcoming = await tx
    .select({ startAt: demoFeedMatches.startAt })
    .from(demoFeedMatches)
    .where(and(eq(demoFeedMatches.finished, false), gt(demoFeedMatches.startAt, now)))
    .orderBy(desc(demoFeedMatches.startAt));
  let last = upcoming[0]?.startAt.getTime() ?? now.getTime();
  for (let n = upcoming.length; n < options.upcoming; n += 1) {
    last = Math.max(last, now.getTime()) + between(options.gapMs);
    await newMatch(tx, ctx, new Date(last));
  }
}

async function newMatch(tx: Tx, ctx: AppContext, startAt: Date): Promise<void> {
  const ref = `demo-${randomBytes(6).toString('hex')}`;
  const { serverSeed, seedHash } = newCommitment();
  await tx.insert(demoFeedMatches).values({
    ref,
    serverSeed: ctx.secrets.seal(serverSeed, seedContext(ref)),
    seedHash,
    ...drawLineUp(),
    startAt,
    createdAt: ctx.now(),
  });
}
