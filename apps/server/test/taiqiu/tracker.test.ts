import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiu, taiqiuAdmin, type feed } from '@breakshot/contracts';
import { feedMatchRow, matchStream, newFeedProvider, postEvents, type TestFeed } from '../helpers/feed.js';
import { listenLocal, openGuest, type LiveClient } from '../helpers/live-client.js';
import { newMatch, startTaiqiuApp } from '../helpers/taiqiu.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { adminCall } from '../helpers/withdrawals.js';

/* The live tracker's history of a match (docs/design.md §9): frames, the last visits, head-to-head. */

let t: TestApp;
let provider: TestFeed;
let base: string;
let matchNo = 0;

beforeAll(async () => {
  t = await startTaiqiuApp();
  provider = await newFeedProvider(t);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

type Visit = feed.FeedEvent & { type: 'visit' };
const isVisit = (e: feed.FeedEvent): e is Visit => e.type === 'visit';

/** A new match's whole stream, started `minutesAgo` before the test clock; `swap` puts the players on the other sides. */
function stream(minutesAgo: number, seed: number, swap = false): feed.FeedEvent[] {
  matchNo += 1;
  const events = matchStream(`track-${matchNo}`, new Date(t.clock.now().getTime() - minutesAgo * 60_000), {
    bestOf: 5,
    seed,
    visits: [14, 20],
  });
  if (!swap) return events;
  return events.map((e) => (e.type === 'match_scheduled' ? { ...e, playerA: e.playerB, playerB: e.playerA } : e));
}

async function trackerOf(id: number) {
  const res = await call(t.app, taiqiu.tracker, { id });
  if (res.code !== 200) throw new Error(`tracker: ${res.code} ${res.msg}`);
  return res.data;
}

/** The MATCH_UPDATED of the match that tells visit `seq` (news of earlier events may still be on its way). */
async function updateOfVisit(live: LiveClient, matchId: number, seq: number): Promise<Record<string, unknown>> {
  for (;;) {
    const text = await live.next();
    if (text === 'pong') continue;
    const event = JSON.parse(text) as Record<string, unknown>;
    const visit = event.visit as taiqiu.Visit | undefined;
    if (event.type === 'MATCH_UPDATED' && event.matchId === matchId && visit?.seq === seq) return event;
  }
}

describe('the live tracker', () => {
  it("gives the frames played with their points and highest breaks, the last 30 visits oldest first, and each new visit to a guest's socket", async () => {
    const events = stream(10, 3);
    const thirdFrame = events.findIndex((e) => e.type === 'frame_started' && e.frame === 3);
    const sent = events.slice(0, thirdFrame + 5);
    expect((await postEvents(t, provider, sent.slice(0, -1))).status).toBe(200);
    const { id } = await feedMatchRow(t, provider, events[0]!.match);

    const guest = await openGuest(base);
    const last = sent.at(-1) as Visit;
    expect(last.type).toBe('visit');
    await postEvents(t, provider, [last]);
    const update = await updateOfVisit(guest, id, last.seq);
    guest.socket.close();
    const { seq, frame, player, points, break: brk, foul } = last;
    expect(update.visit).toEqual({ seq, frame, player, points, break: brk, foul });
    const potted = sent
      .filter(isVisit)
      .filter((v) => v.frame === 3)
      .reduce((n, v) => n + v.points, 0);
    expect((update.frame as taiqiu.FrameInPlay)?.onTable).toBe(147 - potted);

    const view = await trackerOf(id);
    const ended = sent.filter((e): e is feed.FeedEvent & { type: 'frame_ended' } => e.type === 'frame_ended');
    const highOf = (n: number) =>
      Math.max(
        ...sent
          .filter(isVisit)
          .filter((v) => v.frame === n)
          .map((v) => v.break),
      );
    expect(view.frames).toEqual(
      ended.map((e) => ({ number: e.frame, winner: e.winner, points: e.points, highBreak: highOf(e.frame) })),
    );
    expect(view.visits).toEqual(
      sent
        .filter(isVisit)
        .slice(-30)
        .map((v) => ({ seq: v.seq, frame: v.frame, player: v.player, points: v.points, break: v.break, foul: v.foul })),
    );
  });

  it("counts head-to-head on this match's sides, whichever side each player was on before; abandoned meetings do not count", async () => {
    const first = stream(300, 11);
    const second = stream(200, 12, true);
    const abandoned = stream(100, 13).slice(0, 6);
    abandoned.push({
      id: `${abandoned[0]!.match}-x`,
      match: abandoned[0]!.match,
      seq: 7,
      at: abandoned[5]!.at,
      type: 'match_abandoned',
      reason: 'power cut',
    });
    for (const events of [first, second, abandoned]) expect((await postEvents(t, provider, events)).status).toBe(200);
    const next = stream(-60, 14).slice(0, 1);
    await postEvents(t, provider, next);
    const { id } = await feedMatchRow(t, provider, next[0]!.match);

    const finalOf = (events: feed.FeedEvent[]) => (events.at(-1) as feed.FeedEvent & { type: 'match_ended' }).score;
    const a = finalOf(first);
    const b = finalOf(second);
    // The second meeting had the players the other way round.
    const seen = [{ a: b.b, b: b.a }, a];
    const view = await trackerOf(id);
    expect(view.headToHead).toMatchObject({
      played: 2,
      wins: { a: seen.filter((s) => s.a > s.b).length, b: seen.filter((s) => s.b > s.a).length },
      frames: { a: a.a + b.b, b: a.b + b.a },
    });
    expect(view.headToHead.last.map((m) => [m.score, m.winner])).toEqual(seen.map((s) => [s, s.a > s.b ? 'a' : 'b']));
    expect(view.frames).toEqual([]);
    expect(view.visits).toEqual([]);
  });

  it('gives a match scored by hand, a frame at a time, its frames without points or breaks', async () => {
    const match = await newMatch(t, { bestOf: 5, playerA: '王一', playerB: '赵二' });
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 0 });
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 1 });
    const view = await trackerOf(match.id);
    expect(view.frames.map((f) => [f.winner, f.points, f.highBreak])).toEqual([
      ['a', null, null],
      ['b', null, null],
    ]);
    expect(view.headToHead.played).toBe(0);
  });

  it('answers an unknown match with not found, and a bad id with the field named', async () => {
    expect(await call(t.app, taiqiu.tracker, { id: 9_999_999 })).toMatchObject({ code: 404 });
    const bad = await call(t.app, taiqiu.tracker, { id: 'x' });
    expect(bad.code).toBe(400);
  });
});
