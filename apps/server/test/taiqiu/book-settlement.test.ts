import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiu, type feed } from '@breakshot/contracts';
import { bets } from '../../src/modules/bets/tables.js';
import { finishedOutcome, replayStates } from '../helpers/book-replay.js';
import { batchesOf, feedMatchRow, matchStream, newFeedProvider, postEvents, type TestFeed } from '../helpers/feed.js';
import { call } from '../helpers/test-app.js';
import { acceptPending, fundedPlayer, matchPage, startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import type { TestPlayer } from '../helpers/withdrawals.js';

/*
 * Every market settled through the feed agrees with the tests' own replay of the match's events
 * (helpers/book-replay.ts): random matches are played through the feed API, a player backs every
 * selection on offer at a few points of each, and each bet ends as the rules say; the ledger holds.
 */

let t: TestApp;
let provider: TestFeed;

beforeAll(async () => {
  t = await startTaiqiuApp();
  provider = await newFeedProvider(t);
});
afterAll(() => t.close());

/** Backs every selection of every open market of the match, ¥10 each, at the odds shown. */
async function backEverything(player: TestPlayer, matchId: number): Promise<number> {
  const page = await matchPage(t, matchId);
  let placed = 0;
  for (const market of page.markets.filter((m) => m.status === 'open')) {
    for (const sel of market.selections) {
      const res = await call(
        t.app,
        taiqiu.bet,
        { matchId, marketId: market.id, selectionId: sel.id, stake: 1_000, odds: sel.odds, acceptOddsChange: true },
        { token: player.token },
      );
      // A pick already decided (a final score out of reach) is not for sale.
      if (res.code === 422 && res.msg) continue;
      expect(res.code, `${market.type} ${sel.pick}: ${res.msg}`).toBe(200);
      placed += 1;
    }
  }
  return placed;
}

/** Plays the events through the feed, backing everything after the schedule and each frame's start and middle. */
async function playWithBets(events: feed.FeedEvent[], player: TestPlayer): Promise<number> {
  const ref = events[0]!.match;
  let placed = 0;
  let matchId = 0;
  const stops = new Set<number>();
  events.forEach((e, i) => {
    if (e.type === 'match_scheduled' || e.type === 'frame_started') stops.add(i);
    if (e.type === 'visit' && events[i - 3]?.type === 'frame_started') stops.add(i);
  });
  let from = 0;
  for (const stop of [...stops, events.length - 1]) {
    for (const batch of batchesOf(events.slice(from, stop + 1), 50)) {
      expect((await postEvents(t, provider, batch)).status).toBe(200);
    }
    from = stop + 1;
    matchId ||= (await feedMatchRow(t, provider, ref)).id;
    if (stop < events.length - 1) {
      placed += await backEverything(player, matchId);
      await acceptPending(t);
    }
  }
  return placed;
}

const betsOf = (matchId: number) =>
  t.db
    .select()
    .from(bets)
    .where(and(eq(bets.gameType, 'taiqiu'), eq(bets.roundId, String(matchId))));

describe('settlement through the feed, against a replay of the events', () => {
  it('settles every bet of random matches as the rules say, and the ledger holds', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          bestOf: fc.constantFrom(5, 7),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          maxBreak: fc.constantFrom(60, 148),
        }),
        async (m) => {
          n += 1;
          const start = new Date(t.clock.now().getTime() + 60_000);
          const events = matchStream(`settle-${n}-${m.seed}`, start, { ...m, visits: [6, 14] });
          const player = await fundedPlayer(t, 20_000_000);
          const placed = await playWithBets(events, player);
          const row = await feedMatchRow(t, provider, events[0]!.match);
          expect(row.status).toBe('finished');
          const last = replayStates(events, row.frameWinA).at(-1)!;
          const settled = await betsOf(row.id);
          expect(settled).toHaveLength(placed);
          for (const bet of settled) {
            const key = { type: bet.marketType!, line: bet.line, frame: bet.frame };
            expect(bet.status, `${bet.marketType} ${bet.frame ?? ''} ${bet.pick}`).toBe(
              finishedOutcome(last, key, bet.pick!),
            );
          }
          expect(new Set(settled.map((b) => b.marketType))).toEqual(new Set(taiqiu.marketTypes));
          await expectLedgerOk(t.db);
        },
      ),
      { numRuns: 4 },
    );
  }, 240_000);

  it('an abandoned match: what was decided stands, the rest is void and refunded', async () => {
    const start = new Date(t.clock.now().getTime() + 60_000);
    const whole = matchStream('abandoned', start, { bestOf: 7, seed: 5, visits: [6, 14], maxBreak: 40 });
    const secondFrame = whole.findIndex((e) => e.type === 'frame_started' && e.frame === 2);
    const events: feed.FeedEvent[] = [
      ...whole.slice(0, secondFrame + 3),
      {
        id: 'abandoned-end',
        match: 'abandoned',
        seq: secondFrame + 4,
        at: start.toISOString(),
        type: 'match_abandoned',
        reason: 'venue power cut',
      },
    ];
    const player = await fundedPlayer(t, 20_000_000);
    const placed = await playWithBets(events, player);
    const row = await feedMatchRow(t, provider, 'abandoned');
    expect(row.status).toBe('cancelled');
    const states = replayStates(events, row.frameWinA);
    const atEnd = states.at(-1)!;
    const settled = await betsOf(row.id);
    expect(settled).toHaveLength(placed);
    for (const bet of settled) {
      const key = { type: bet.marketType!, line: bet.line, frame: bet.frame };
      const [a, b] = (bet.pick ?? '').split(':').map(Number);
      const expected =
        bet.frame === 1
          ? finishedOutcome(atEnd, key, bet.pick!)
          : bet.marketType === 'correct_score' && (a! < atEnd.score.a || b! < atEnd.score.b)
            ? 'lost'
            : 'void';
      expect(bet.status, `${bet.marketType} ${bet.frame ?? ''} ${bet.pick}`).toBe(expected);
    }
    await expectLedgerOk(t.db);
  }, 120_000);
});
