import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { feed } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, isLiteral, queryRows, type Tx } from '../../platform/db.js';
import {
  applyFeedEvent,
  applyFeedSnapshot,
  feedHeard,
  feedPositionOf,
  setFeedState,
  afterMatchMoved,
  type SettleLog,
} from '../taiqiu/service.js';
import { FeedRefusal } from './refusal.js';
import { feedEvents, type FeedEventRow } from './tables.js';

/*
 * The feed's events in their matches' order (docs/design.md §9). A batch is kept whole or not at
 * all: every new event is stored, then each match it touches applies its events from the one after
 * its last applied, for as long as they follow on. An event further ahead is held; while one is,
 * the match has a gap and its markets stay suspended, until the missing events arrive or a
 * snapshot takes the match past them.
 */

/**
 * The canonical text of an event (its fields in the contract's order): what "the same body" means.
 * Every body the feed's log stores is hashed by it (operator-entries.ts too).
 */
export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Stores and applies a batch; answers each event's status in the batch's order. The bets its
 * events decided settle, and its matches' cash-outs are reviewed, once it has committed, in the
 * background (taiqiu/settle-soon.ts).
 */
export async function receiveBatch(ctx: AppContext, log: SettleLog, providerId: string, events: feed.FeedEvent[]) {
  const movedMatches = new Map<number, boolean>();
  const results = await inTransaction(ctx.db, async (tx) => {
    // Every match of the batch is locked, in the order of their ids, before what is new is
    // decided: a delivery of the same events at the same time waits, then finds them all known
    // (duplicate), rather than storing them again (a unique violation, a 500, on PostgreSQL).
    for (const match of [...new Set(events.map((e) => e.match))].sort()) await lockMatch(tx, providerId, match);
    const fresh = await freshEvents(tx, providerId, events);
    const outcome = new Map<string, feed.EventStatus>();
    for (const match of [...new Set(fresh.map((f) => f.event.match))].sort()) {
      await store(
        tx,
        ctx,
        providerId,
        fresh.filter((f) => f.event.match === match),
      );
      const moved = await advance(tx, ctx, providerId, match);
      for (const [id, status] of moved.events) outcome.set(id, status);
      if (moved.matchId !== null && [...moved.events.values()].includes('applied')) {
        movedMatches.set(moved.matchId, moved.decided !== null);
      }
    }
    const isFresh = new Set(fresh.map((f) => f.event.id));
    return events.map((e) => ({
      id: e.id,
      status: isFresh.has(e.id) ? (outcome.get(e.id) ?? 'held') : ('duplicate' as const),
    }));
  });
  for (const [matchId, decided] of movedMatches) afterMatchMoved(ctx, matchId, decided, log);
  return results;
}

/** Replaces a match's state by the snapshot, then applies what was held after it; what it decided settles as above. */
export async function receiveSnapshot(ctx: AppContext, log: SettleLog, providerId: string, s: feed.FeedSnapshot) {
  const answer = await inTransaction(ctx.db, async (tx) => {
    await lockMatch(tx, providerId, s.match);
    const position = await feedPositionOf(tx, providerId, s.match);
    if (position && s.seq < position.seq) {
      throw new FeedRefusal(
        409,
        'snapshot_behind',
        `the match is at event ${position.seq}, past the snapshot's ${s.seq}`,
      );
    }
    await applyFeedSnapshot(tx, ctx, providerId, s);
    const bodyHash = hashOf(s);
    await tx
      .insert(feedEvents)
      .values({
        providerId,
        eventId: `snapshot:${s.seq}:${bodyHash.slice(0, 12)}`,
        matchRef: s.match,
        seq: s.seq,
        type: 'snapshot',
        body: s,
        bodyHash,
        state: 'applied',
        receivedAt: ctx.now(),
      })
      .onConflictDoNothing();
    const moved = await advance(tx, ctx, providerId, s.match);
    const applied = [...moved.events.values()].filter((x) => x === 'applied').length;
    return { match: s.match, seq: s.seq + applied, applied, matchId: moved.matchId };
  });
  const { matchId, ...shown } = answer;
  if (matchId !== null) afterMatchMoved(ctx, matchId, true, log);
  return shown;
}

interface Fresh {
  event: feed.FeedEvent;
  hash: string;
}

/**
 * The events not received before. One received before with the same body is a repeat (left
 * out); with another body the batch is refused. So is a match's first event that does not
 * schedule it.
 */
async function freshEvents(tx: Tx, providerId: string, events: feed.FeedEvent[]): Promise<Fresh[]> {
  const known = new Map(
    (
      await tx
        .select({ eventId: feedEvents.eventId, bodyHash: feedEvents.bodyHash })
        .from(feedEvents)
        .where(
          and(
            eq(feedEvents.providerId, providerId),
            inArray(
              feedEvents.eventId,
              events.map((e) => e.id),
            ),
          ),
        )
    ).map((r) => [r.eventId, r.bodyHash]),
  );
  const fresh: Fresh[] = [];
  for (const event of events) {
    const hash = hashOf(event);
    const before = known.get(event.id);
    if (before !== undefined && before !== hash) {
      throw new FeedRefusal(409, 'event_changed', `event ${event.id} was received before with another body`, event.id);
    }
    if (before !== undefined) continue;
    if (event.seq === 1 && event.type !== 'match_scheduled') {
      throw new FeedRefusal(422, 'first_not_scheduled', `a match's event 1 is its match_scheduled`, event.id);
    }
    known.set(event.id, hash);
    fresh.push({ event, hash });
  }
  return fresh;
}

/**
 * One batch or snapshot at a time per match: an advisory lock on its key, not its row's lock
 * (SELECT … FOR UPDATE), since a batch that schedules the match comes before its row exists.
 */
async function lockMatch(tx: Tx, providerId: string, match: string): Promise<void> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`feed:${providerId}:${match}`}))`);
}

async function store(tx: Tx, ctx: AppContext, providerId: string, fresh: Fresh[]): Promise<void> {
  await tx.insert(feedEvents).values(
    fresh.map(({ event, hash }) => ({
      providerId,
      eventId: event.id,
      matchRef: event.match,
      seq: event.seq,
      type: event.type,
      body: event as Record<string, unknown>,
      bodyHash: hash,
      state: 'held' as const,
      receivedAt: ctx.now(),
    })),
  );
}

/**
 * Applies the match's held events that follow on from its last applied and marks those it has
 * gone past superseded; sets whether a gap remains. Returns what became of each event it moved.
 */
async function advance(tx: Tx, ctx: AppContext, providerId: string, match: string): Promise<Advance> {
  let seq = (await feedPositionOf(tx, providerId, match))?.seq ?? 0;
  const moved = new Map<string, 'applied' | 'superseded'>();
  let decided = false;
  let waiting = 0;
  for (const h of await heldEvents(tx, providerId, match)) {
    if (h.seq <= seq) moved.set(h.eventId, 'superseded');
    else if (h.seq === seq + 1) {
      // Outcomes it made certain have bets to settle once this commits.
      if (await applyFeedEvent(tx, ctx, providerId, h.body as feed.FeedEvent)) decided = true;
      moved.set(h.eventId, 'applied');
      seq = h.seq;
    } else waiting += 1;
  }
  if (waiting > feed.MAX_HELD) {
    throw new FeedRefusal(422, 'too_many_held', `more than ${feed.MAX_HELD} events of match ${match} wait for a gap`);
  }
  for (const state of ['applied', 'superseded'] as const) {
    const ids = [...moved].filter(([, s]) => s === state).map(([id]) => id);
    if (ids.length > 0) await markEvents(tx, providerId, ids, state);
  }
  const position = await feedPositionOf(tx, providerId, match);
  if (!position) return { events: moved, matchId: null, decided: null };
  const feedState = waiting > 0 ? 'gap' : 'ok';
  if (position.feedState !== feedState) await setFeedState(tx, ctx, position.matchId, feedState);
  // An applied event marks the match heard as it is applied; a held one is heard too.
  if (![...moved.values()].includes('applied')) await feedHeard(tx, ctx, position.matchId);
  return { events: moved, matchId: position.matchId, decided: decided ? position.matchId : null };
}

/**
 * What advance moved: each event's new state, the match (once scheduled), and the match again if
 * its events decided some outcomes (bets to settle).
 */
interface Advance {
  events: Map<string, 'applied' | 'superseded'>;
  matchId: number | null;
  decided: number | null;
}

const heldEvents = (tx: Tx, providerId: string, match: string): Promise<FeedEventRow[]> =>
  tx
    .select()
    .from(feedEvents)
    .where(
      and(eq(feedEvents.providerId, providerId), eq(feedEvents.matchRef, match), isLiteral(feedEvents.state, 'held')),
    )
    .orderBy(asc(feedEvents.seq), asc(feedEvents.id));

const markEvents = (tx: Tx, providerId: string, eventIds: string[], state: FeedEventRow['state']) =>
  tx
    .update(feedEvents)
    .set({ state })
    .where(and(eq(feedEvents.providerId, providerId), inArray(feedEvents.eventId, eventIds)));
