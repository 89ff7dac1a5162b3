import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, feedAdmin, taiqiuAdmin } from '@breakshot/contracts';
import { feedStaleJob } from '../../src/modules/feed/stale.js';
import { feedEvents } from '../../src/modules/feed/tables.js';
import { matches } from '../../src/modules/taiqiu/tables.js';
import { runJob } from '../../src/platform/scheduler.js';
import { feedMatchRow, matchStream, newFeedProvider, postEvents, postFeed, type TestFeed } from '../helpers/feed.js';
import { matchPage, newMatch, startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { adminCall } from '../helpers/withdrawals.js';

/* The data feed's API (docs/design.md §9): signatures, repeats, changed bodies, gaps, silence and snapshots. */

let t: TestApp;
let provider: TestFeed;
let matchNo = 0;

beforeAll(async () => {
  t = await startTaiqiuApp();
  provider = await newFeedProvider(t);
});
afterAll(() => t.close());

/** A new match's stream, starting a minute from the test clock: frames of 6 to 8 visits. */
function stream(): feed.FeedEvent[] {
  matchNo += 1;
  return matchStream(`m${matchNo}`, new Date(t.clock.now().getTime() + 60_000), { bestOf: 5, visits: [6, 8] });
}

const statuses = (json: Record<string, unknown>) => (json.results as { status: string }[]).map((r) => r.status);

async function page(ref: string) {
  return matchPage(t, (await feedMatchRow(t, provider, ref)).id);
}

const storedEvents = async () => (await t.db.select({ n: count() }).from(feedEvents))[0]!.n;

describe('the feed API', () => {
  it('refuses a body not signed with the provider key, an unknown provider and a disabled one, keeping nothing', async () => {
    const events = stream().slice(0, 2);
    const before = await storedEvents();
    const forged = await postFeed(t, provider, 'events', { events }, 'ab'.repeat(32));
    expect(forged.status).toBe(401);
    expect(forged.json.error).toBe('bad_signature');
    const unknown = await postEvents(t, { id: 'no-such-feed', key: provider.key }, events);
    expect(unknown.status).toBe(404);
    const other = await newFeedProvider(t);
    await adminCall(t.app, feedAdmin.providerSave, { id: other.id, name: 'off', enabled: false, staleSeconds: 20 });
    const disabled = await postEvents(t, other, events);
    expect(disabled.status).toBe(403);
    expect(await storedEvents()).toBe(before);
  });

  it('refuses an event the schema does not allow, naming the field', async () => {
    const [scheduled] = stream();
    const res = await postEvents(t, provider, [{ ...scheduled!, bestOf: 6 } as unknown as feed.FeedEvent]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^events\.0\.bestOf/);
  });

  it('refuses a control character in a string field as a bad field (400), keeping nothing', async () => {
    const events = stream()
      .slice(0, 2)
      .map((e) => ({ ...e, match: `${e.match}\u0000` }));
    const storedMatches = async () => (await t.db.select({ n: count() }).from(matches))[0]!.n;
    const before = [await storedEvents(), await storedMatches()];
    const res = await postEvents(t, provider, events);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'invalid_event', detail: 'events.0.match: contains control characters' });
    expect([await storedEvents(), await storedMatches()]).toEqual(before);
    // A provider id no provider can have is unknown, as any other.
    const badId = await postEvents(t, { id: 'x%00', key: provider.key }, stream().slice(0, 1));
    expect([badId.status, badId.json.error]).toEqual([404, 'unknown_provider']);
  });

  it('applies once the same batch posted twenty times at once, answering each post', async () => {
    const first = stream();
    const second = stream();
    /** Posts the batch twenty times at once: each answers 200, each event applied by one of them. */
    async function twentyAtOnce(events: feed.FeedEvent[]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => postEvents(t, provider, events)));
      expect(answers.map((a) => a.status)).toEqual(Array<number>(20).fill(200));
      for (let i = 0; i < events.length; i += 1) {
        const seen = answers.map((a) => statuses(a.json)[i]).sort();
        expect(seen).toEqual(['applied', ...Array<string>(19).fill('duplicate')]);
      }
    }
    // A new match (no row to lock yet), then the same match under way together with another new one.
    await twentyAtOnce(first.slice(0, 6));
    await twentyAtOnce([...first.slice(6, 12), ...second.slice(0, 6)]);
    expect((await feedMatchRow(t, provider, first[0]!.match)).feedSeq).toBe(12);
    expect((await feedMatchRow(t, provider, second[0]!.match)).feedSeq).toBe(6);
    const stored = await t.db
      .select({ n: count() })
      .from(feedEvents)
      .where(inArray(feedEvents.matchRef, [first[0]!.match, second[0]!.match]));
    expect(stored[0]!.n).toBe(18);
  });

  it('acknowledges a repeated event and applies it once', async () => {
    const events = stream().slice(0, 2);
    expect(statuses((await postEvents(t, provider, events)).json)).toEqual(['applied', 'applied']);
    const again = await postEvents(t, provider, events);
    expect(again.status).toBe(200);
    expect(statuses(again.json)).toEqual(['duplicate', 'duplicate']);
    const row = await feedMatchRow(t, provider, events[0]!.match);
    expect(row.feedSeq).toBe(2);
    expect(row.status).toBe('live');
  });

  it('refuses a known id with another body, and keeps nothing of that batch', async () => {
    const events = stream();
    await postEvents(t, provider, events.slice(0, 3));
    const before = await storedEvents();
    const changed = { ...events[2]!, breaker: 'b' } as feed.FeedEvent;
    const res = await postEvents(t, provider, [events[3]!, changed]);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: 'event_changed', event: events[2]!.id });
    expect(await storedEvents()).toBe(before);
    expect((await feedMatchRow(t, provider, events[0]!.match)).feedSeq).toBe(3);
  });

  it('holds events after a gap with the markets suspended, and applies them once the gap is filled', async () => {
    const events = stream();
    await postEvents(t, provider, events.slice(0, 3));
    expect((await page(events[0]!.match)).markets.every((m) => m.status === 'open')).toBe(true);
    const ahead = await postEvents(t, provider, events.slice(4, 6));
    expect(statuses(ahead.json)).toEqual(['held', 'held']);
    const row = await feedMatchRow(t, provider, events[0]!.match);
    expect([row.feedSeq, row.feedState]).toEqual([3, 'gap']);
    expect((await page(events[0]!.match)).markets.every((m) => m.status === 'suspended')).toBe(true);
    expect(statuses((await postEvents(t, provider, [events[3]!])).json)).toEqual(['applied']);
    const filled = await feedMatchRow(t, provider, events[0]!.match);
    expect([filled.feedSeq, filled.feedState]).toEqual([6, 'ok']);
    expect((await page(events[0]!.match)).markets.every((m) => m.status === 'open')).toBe(true);
  });

  it('closes a gap with a snapshot: the match takes its state, held events after it apply, those before are superseded', async () => {
    const events = stream();
    const ref = events[0]!.match;
    await postEvents(t, provider, events.slice(0, 2));
    const held = await postEvents(t, provider, [events[5]!, events[6]!]);
    expect(statuses(held.json)).toEqual(['held', 'held']);
    const snapshot: feed.FeedSnapshot = {
      match: ref,
      seq: 6,
      at: events[5]!.at,
      status: 'live',
      playerA: '林浩然',
      playerB: '陈子轩',
      bestOf: 5,
      startAt: (events[0] as feed.FeedEvent & { startAt: string }).startAt,
      score: { a: 1, b: 0 },
      frame: { number: 2, points: { a: 12, b: 30 }, atTable: 'b', break: 30 },
    };
    const res = await postFeed(t, provider, 'snapshot', snapshot);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ seq: 7, applied: 1 });
    const row = await feedMatchRow(t, provider, ref);
    expect([row.scoreA, row.scoreB, row.feedState, row.feedSeq]).toEqual([1, 0, 'ok', 7]);
    const states = await t.db
      .select({ eventId: feedEvents.eventId, state: feedEvents.state })
      .from(feedEvents)
      .where(eq(feedEvents.matchRef, ref));
    expect(states.find((e) => e.eventId === events[5]!.id)?.state).toBe('superseded');
    expect(states.find((e) => e.eventId === events[6]!.id)?.state).toBe('applied');
    const behind = await postFeed(t, provider, 'snapshot', { ...snapshot, seq: 3 });
    expect([behind.status, behind.json.error]).toEqual([409, 'snapshot_behind']);
  });

  it('suspends a live match silent past the stale time, and reopens it on its next event', async () => {
    const events = stream();
    const ref = events[0]!.match;
    await postEvents(t, provider, events.slice(0, 4));
    const job = feedStaleJob(t.app.ctx);
    t.clock.advance(19_000);
    await runJob(t.app.ctx.db, job, t.clock.now());
    expect((await feedMatchRow(t, provider, ref)).feedState).toBe('ok');
    t.clock.advance(2_000);
    await runJob(t.app.ctx.db, job, t.clock.now());
    expect((await feedMatchRow(t, provider, ref)).feedState).toBe('stale');
    expect((await page(ref)).markets.every((m) => m.status === 'suspended')).toBe(true);
    await postEvents(t, provider, [events[4]!]);
    expect((await feedMatchRow(t, provider, ref)).feedState).toBe('ok');
    expect((await page(ref)).markets.every((m) => m.status === 'open')).toBe(true);
  });

  it('shows the frame on as the visits tell it: points, who is at the table, the break, the points left on the table; none between frames', async () => {
    const events = stream();
    const visits = events.slice(3, 6) as (feed.FeedEvent & { type: 'visit' })[];
    await postEvents(t, provider, events.slice(0, 6));
    const points = { a: 0, b: 0 };
    for (const v of visits) {
      points[v.player] += v.points;
      points[v.player === 'a' ? 'b' : 'a'] += v.foul;
    }
    // Each visit told whole: the other player is at the table after it, on no break yet.
    const last = visits.at(-1)!;
    expect((await page(events[0]!.match)).frame).toEqual({
      number: 1,
      points,
      atTable: last.player === 'a' ? 'b' : 'a',
      break: 0,
      onTable: 147 - visits.reduce((n, v) => n + v.points, 0),
    });
    const frameEnd = events.findIndex((e) => e.type === 'frame_ended');
    await postEvents(t, provider, events.slice(6, frameEnd + 1));
    const between = await page(events[0]!.match);
    expect(between.frame).toBeNull();
    expect(between.markets.every((m) => m.status !== 'open')).toBe(true);
  });

  it('keeps the player at the table on a break the feed says goes on, and hands the table over once the visit ends', async () => {
    const [scheduled, started, frameStarted] = stream();
    const ref = scheduled!.match;
    const breaker = (frameStarted as feed.FeedEvent & { type: 'frame_started' }).breaker;
    const other = breaker === 'a' ? 'b' : 'a';
    const visit = (seq: number, points: number, brk: number, ended?: boolean): feed.FeedEvent => ({
      id: `${ref}-v${seq}`,
      match: ref,
      seq,
      at: frameStarted!.at,
      type: 'visit',
      frame: 1,
      player: breaker,
      points,
      break: brk,
      foul: 0,
      ...(ended === undefined ? {} : { ended }),
    });
    await postEvents(t, provider, [scheduled!, started!, frameStarted!, visit(4, 8, 8, false)]);
    expect((await page(ref)).frame).toMatchObject({ atTable: breaker, break: 8 });
    await postEvents(t, provider, [visit(5, 5, 13, false)]);
    expect((await page(ref)).frame).toMatchObject({ atTable: breaker, break: 13, onTable: 147 - 13 });
    await postEvents(t, provider, [visit(6, 0, 13)]);
    expect((await page(ref)).frame).toMatchObject({ atTable: other, break: 0, points: { [breaker]: 13, [other]: 0 } });
    expect((await feedMatchRow(t, provider, ref)).highBreak).toBe(13);
  });

  it('plays a match to its end: frames move the score, the end settles it', async () => {
    const events = stream();
    const res = await postEvents(t, provider, events);
    expect(statuses(res.json).every((s) => s === 'applied')).toBe(true);
    const end = events.at(-1) as feed.FeedEvent & { score: { a: number; b: number } };
    const shown = await page(events[0]!.match);
    expect(shown.status).toBe('finished');
    expect(shown.score).toEqual(end.score);
  });

  it('plays a console match by its operator entries, each the next event of its sequence; the console provider takes no HTTP call', async () => {
    const made = await newMatch(t);
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: made.id, a: 1, b: 0 })).code).toBe(200);
    // A refused entry is no event: the sequence does not move.
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: made.id, a: 9, b: 0 })).code).toBe(400);
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: made.id, a: 2, b: 0 })).code).toBe(200);
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: made.id, a: 4, b: 1 })).code).toBe(200);
    const log = await adminCall(t.app, feedAdmin.matchEvents, { matchId: made.id, page: 1, pageSize: 10 });
    expect(log.data).toMatchObject({ providerId: feed.CONSOLE_PROVIDER, seq: 3, feedState: 'ok' });
    expect(log.data.list.map((e) => [e.seq, e.type, e.body.score])).toEqual([
      [3, 'operator_result', { a: 4, b: 1 }],
      [2, 'operator_score', { a: 2, b: 0 }],
      [1, 'operator_score', { a: 1, b: 0 }],
    ]);
    expect((await matchPage(t, made.id)).score).toEqual({ a: 4, b: 1 });
    const consoleFeed = { id: feed.CONSOLE_PROVIDER, key: '' };
    const res = await postEvents(t, consoleFeed, stream().slice(0, 1));
    expect([res.status, res.json.error]).toEqual([403, 'console_only']);
    const keyed = await adminCall(t.app, feedAdmin.providerKey, { id: feed.CONSOLE_PROVIDER });
    expect(keyed.code).toBe(403);
  });

  it("logs an operator's entry on a provider's match at its last event, without a number: the provider's next event follows on", async () => {
    const events = stream();
    const ref = events[0]!.match;
    const frameEnd = events.findIndex((e) => e.type === 'frame_ended');
    await postEvents(t, provider, events.slice(0, frameEnd));
    const row = await feedMatchRow(t, provider, ref);
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: row.id, a: 0, b: 1 })).code).toBe(200);
    const log = await adminCall(t.app, feedAdmin.matchEvents, { matchId: row.id, page: 1, pageSize: 2 });
    expect(log.data.list.map((e) => [e.seq, e.type])).toEqual([
      [frameEnd, 'operator_score'],
      [frameEnd, events[frameEnd - 1]!.type],
    ]);
    expect(log.data.seq).toBe(frameEnd);
    const next = await postEvents(t, provider, [events[frameEnd]!]);
    expect(statuses(next.json)).toEqual(['applied']);
    const winner = (events[frameEnd] as feed.FeedEvent & { type: 'frame_ended' }).winner;
    // The provider's frame counts on from the operator's score.
    expect((await page(ref)).score).toEqual({ a: winner === 'a' ? 1 : 0, b: winner === 'b' ? 2 : 1 });
  });

  it('shows the operator the providers health and a match event log', async () => {
    const events = stream();
    await postEvents(t, provider, [events[0]!, events[1]!, events[3]!]);
    const list = await adminCall(t.app, feedAdmin.providers, {});
    const mine = list.data.list.find((p) => p.id === provider.id)!;
    expect(mine.gapMatches).toBeGreaterThanOrEqual(1);
    expect(mine.heldEvents).toBeGreaterThanOrEqual(1);
    const row = await feedMatchRow(t, provider, events[0]!.match);
    const log = await adminCall(t.app, feedAdmin.matchEvents, { matchId: row.id, page: 1, pageSize: 10 });
    expect(log.data).toMatchObject({ feedState: 'gap', seq: 2, total: 3 });
    expect(log.data.list.map((e) => [e.seq, e.state])).toEqual([
      [4, 'held'],
      [2, 'applied'],
      [1, 'applied'],
    ]);
  });
});
