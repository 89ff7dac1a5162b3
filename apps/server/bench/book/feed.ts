import { createHmac } from 'node:crypto';
import { Agent } from 'node:http';
import { postText } from '../lib/http-post.js';
import { feed, feedAdmin } from '@breakshot/contracts';
import { monotonicMs } from '../lib/clock.js';
import type { RunningServer } from '../lib/server.js';
import { adminPost } from '../money/setup.js';

/*
 * A data feed provider as an outside one plays a match (docs/design.md §9; modules/demo-feed posts
 * the same way): registered by the console's call, which answers its key once; each batch of
 * events posted to POST /feed/{id}/events over HTTP, the raw body signed with HMAC-SHA256 under
 * the key. The benchmarks of the book (book/*.bench.ts) play their matches through it.
 */

export interface BenchFeed {
  base: string;
  id: string;
  key: string;
}

/** Kept connections: a feed posts all day, and a new connection per call would be timed too. */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * A new provider, enabled, its stale time the longest allowed (600 s): the benchmarks post no
 * event for many seconds between their phases, which must not hold the match as silent.
 */
export async function feedProvider(server: RunningServer, id = 'bench-feed'): Promise<BenchFeed> {
  const { key } = await adminPost<{ key: string | null }>(server, feedAdmin.providerSave.path, {
    id,
    name: 'Bench feed',
    enabled: true,
    staleSeconds: 600,
  });
  if (!key) throw new Error(`provider ${id} existed already: its key is not shown again`);
  return { base: server.base, id, key };
}

export interface Posted {
  /** monotonicMs when the request was handed to the socket, and when its answer had arrived whole. */
  sentAt: number;
  answeredAt: number;
  statuses: feed.EventStatus[];
}

/** Posts a batch, signed; refuses any answer but 200 with every event applied. */
export async function postEvents(link: BenchFeed, events: feed.FeedEvent[]): Promise<Posted> {
  const body = JSON.stringify({ events });
  const signature = createHmac('sha256', link.key).update(body, 'utf8').digest('hex');
  const sentAt = monotonicMs();
  const { status, text } = await postText(
    `${link.base}${feed.FEED_PREFIX}/${link.id}/events`,
    body,
    { 'content-type': 'application/json', [feed.SIGNATURE_HEADER]: signature },
    agent,
  );
  const answeredAt = monotonicMs();
  if (status !== 200) throw new Error(`feed events: HTTP ${status} ${text.slice(0, 300)}`);
  const statuses = (JSON.parse(text) as BatchAnswer).results.map((r) => r.status);
  const notApplied = statuses.findIndex((s) => s !== 'applied');
  if (notApplied >= 0) throw new Error(`feed event ${events[notApplied]!.id} was ${statuses[notApplied]}`);
  return { sentAt, answeredAt, statuses };
}

/** feed.batchAnswer. */
type BatchAnswer = { results: { id: string; status: feed.EventStatus }[] };

type Side = 'a' | 'b';
/** An event's own fields: what follows its head (id, match, seq, at). */
type Body<T extends feed.FeedEventType> = Omit<Extract<feed.FeedEvent, { type: T }>, 'id' | 'match' | 'seq' | 'at'>;

/**
 * One match of the feed, its events numbered as they are made. `score` and the frame's points
 * follow what was made, so a frame's end and the match's end can be told as they stand.
 */
export class FeedMatch {
  seq = 0;
  frame = 0;
  readonly score = { a: 0, b: 0 };
  readonly points = { a: 0, b: 0 };

  constructor(readonly ref: string) {}

  private next<T extends feed.FeedEventType>(body: Body<T> & { type: T }): feed.FeedEvent {
    this.seq += 1;
    return {
      id: `${this.ref}-${this.seq}`,
      match: this.ref,
      seq: this.seq,
      at: new Date().toISOString(),
      ...body,
    } as feed.FeedEvent;
  }

  scheduled(bestOf: 7 | 9 | 11, startAt: Date): feed.FeedEvent {
    return this.next({
      type: 'match_scheduled',
      playerA: '林浩然',
      playerB: '陈子轩',
      bestOf,
      startAt: startAt.toISOString(),
    });
  }

  started(): feed.FeedEvent {
    return this.next({ type: 'match_started' });
  }

  frameStarted(breaker: Side = this.frame % 2 === 0 ? 'a' : 'b'): feed.FeedEvent {
    this.frame += 1;
    this.points.a = 0;
    this.points.b = 0;
    return this.next({ type: 'frame_started', frame: this.frame, breaker });
  }

  /** A visit of `player` potting `points` (a break of its own: the visit's points). */
  visit(player: Side, points: number): feed.FeedEvent {
    this.points[player] += points;
    return this.next({ type: 'visit', frame: this.frame, player, points, break: points, foul: 0 });
  }

  /** The frame won by `winner`: given the points it needs to lead by 7 if it does not. */
  frameEnded(winner: Side): feed.FeedEvent {
    const other = winner === 'a' ? 'b' : 'a';
    if (this.points[winner] <= this.points[other]) this.points[winner] = this.points[other] + 7;
    this.score[winner] += 1;
    return this.next({ type: 'frame_ended', frame: this.frame, winner, points: { ...this.points } });
  }

  ended(): feed.FeedEvent {
    return this.next({ type: 'match_ended', score: { ...this.score } });
  }

  /**
   * A best-of-7 from its schedule to 3:3 with frame 7 on, a few visits in: every pick left is
   * decided by frame 7's end and the match's end (the settlement benchmarks' match).
   */
  toThreeAll(): feed.FeedEvent[] {
    const events = [this.scheduled(7, new Date(Date.now() + 60_000)), this.started()];
    for (const winner of ['a', 'b', 'a', 'b', 'a', 'b'] as const) {
      events.push(this.frameStarted());
      for (let v = 0; v < 6; v += 1) events.push(this.visit(v % 2 ? 'b' : 'a', 5 + v));
      events.push(this.frameEnded(winner));
    }
    events.push(this.frameStarted(), this.visit('a', 12), this.visit('b', 9));
    return events;
  }
}
