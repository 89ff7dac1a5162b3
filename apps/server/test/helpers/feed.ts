import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { feed, feedAdmin } from '@breakshot/contracts';
import { settlementsDone } from '../../src/modules/taiqiu/service.js';
import { matches } from '../../src/modules/taiqiu/tables.js';
import type { TestApp } from './test-app.js';
import { adminCall } from './withdrawals.js';

/* A feed provider as the tests play one: its key, its signed calls, and a match's stream of events. */

export interface TestFeed {
  id: string;
  key: string;
}

let providers = 0;

/** A new provider made through the console's call, with the key it answers once. */
export async function newFeedProvider(t: TestApp, staleSeconds = 20): Promise<TestFeed> {
  providers += 1;
  const id = `feed-${process.pid}-${providers}`;
  const res = await adminCall(t.app, feedAdmin.providerSave, {
    id,
    name: `Feed ${providers}`,
    enabled: true,
    staleSeconds,
  });
  if (res.code !== 200 || !res.data.key) throw new Error(`provider save failed: ${res.msg}`);
  return { id, key: res.data.key };
}

export const sign = (key: string, body: string) => createHmac('sha256', key).update(body).digest('hex');

/** Posts a body signed with the provider's key (or `signature`); answers the HTTP status and JSON. */
export async function postFeed(
  t: TestApp,
  provider: TestFeed,
  call: 'events' | 'snapshot',
  body: unknown,
  signature?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `${feed.FEED_PREFIX}/${provider.id}/${call}`,
    headers: { 'content-type': 'application/json', [feed.SIGNATURE_HEADER]: signature ?? sign(provider.key, text) },
    payload: text,
  });
  // What the call decided settles after its answer (taiqiu/settle-soon.ts): the tests read it settled.
  await settlementsDone(t.app.ctx);
  return { status: res.statusCode, json: res.json() as Record<string, unknown> };
}

export const postEvents = (t: TestApp, provider: TestFeed, events: feed.FeedEvent[]) =>
  postFeed(t, provider, 'events', { events });

/** The match the feed plays under `ref`, as stored. */
export async function feedMatchRow(t: TestApp, provider: TestFeed, ref: string) {
  const [row] = await t.db
    .select()
    .from(matches)
    .where(and(eq(matches.feedProviderId, provider.id), eq(matches.feedMatch, ref)));
  if (!row) throw new Error(`no match ${ref}`);
  return row;
}

/** Numbers in [0, 1) from a seed, the same every run (a linear congruential generator). */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A whole match as a feed sends it, in order: scheduled, started, then frame by frame (started,
 * visits, ended) until one side has won, then ended. `bestOf` 11 gives about 200 events; a visit
 * scores under `maxBreak`.
 */
export function matchStream(
  ref: string,
  startAt: Date,
  { bestOf = 11, seed = 7, visits = [10, 22], maxBreak = 40 } = {},
): feed.FeedEvent[] {
  const draw = seeded(seed);
  const events: feed.FeedEvent[] = [];
  const at = (n: number) => new Date(startAt.getTime() + n * 1_000).toISOString();
  const push = (e: Record<string, unknown>) =>
    events.push({
      id: `${ref}-${events.length + 1}`,
      match: ref,
      seq: events.length + 1,
      at: at(events.length),
      ...e,
    } as feed.FeedEvent);
  push({ type: 'match_scheduled', playerA: '林浩然', playerB: '陈子轩', bestOf, startAt: startAt.toISOString() });
  push({ type: 'match_started' });
  const score = { a: 0, b: 0 };
  for (let frame = 1; Math.max(score.a, score.b) < (bestOf + 1) / 2; frame += 1) {
    const points = { a: 0, b: 0 };
    let player: 'a' | 'b' = frame % 2 === 1 ? 'a' : 'b';
    push({ type: 'frame_started', frame, breaker: player });
    const count = visits[0]! + Math.floor(draw() * (visits[1]! - visits[0]!));
    for (let v = 0; v < count; v += 1) {
      const foul = draw() < 0.08 ? 4 : 0;
      const scored = foul ? 0 : Math.floor(draw() ** 3 * maxBreak);
      points[player] += scored;
      points[player === 'a' ? 'b' : 'a'] += foul;
      push({ type: 'visit', frame, player, points: scored, break: scored, foul });
      player = player === 'a' ? 'b' : 'a';
    }
    const winner = points.a === points.b ? player : points.a > points.b ? 'a' : 'b';
    if (points.a === points.b) points[winner] += 7;
    score[winner] += 1;
    push({ type: 'frame_ended', frame, winner, points });
  }
  push({ type: 'match_ended', score });
  return events;
}

/** The events shuffled within consecutive windows of `size` (a feed's delivery out of order, never far). */
export function shuffledWithin<T>(items: T[], size: number, seed: number): T[] {
  const draw = seeded(seed);
  const out: T[] = [];
  for (let i = 0; i < items.length; i += size) {
    const window = items.slice(i, i + size);
    for (let j = window.length - 1; j > 0; j -= 1) {
      const k = Math.floor(draw() * (j + 1));
      [window[j], window[k]] = [window[k]!, window[j]!];
    }
    out.push(...window);
  }
  return out;
}

/** The events in batches of `size`, in the order given. */
export const batchesOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
