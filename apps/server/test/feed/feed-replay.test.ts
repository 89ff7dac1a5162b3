import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { feed } from '@breakshot/contracts';
import { bets } from '../../src/modules/bets/tables.js';
import { markets } from '../../src/modules/taiqiu/tables.js';
import {
  batchesOf,
  feedMatchRow,
  matchStream,
  newFeedProvider,
  postEvents,
  shuffledWithin,
  type TestFeed,
} from '../helpers/feed.js';
import { fundedPlayer, matchPage, placeBet, startTaiqiuApp, EVERY_SELECTION } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { cashOf, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * A feed delivers out of order and twice: the same match sent in order, and sent twice shuffled
 * within windows of 16, ends in the same state with the same bets settled the same way.
 */

let t: TestApp;
let provider: TestFeed;

beforeAll(async () => {
  t = await startTaiqiuApp();
  provider = await newFeedProvider(t);
});
afterAll(() => t.close());

/** Schedules the match by its first event, then a new player backs every selection of it. */
async function scheduledWithBets(events: feed.FeedEvent[]): Promise<TestPlayer> {
  expect((await postEvents(t, provider, [events[0]!])).status).toBe(200);
  const page = await matchPage(t, (await feedMatchRow(t, provider, events[0]!.match)).id);
  const player = await fundedPlayer(t, 100_000);
  for (const [type, pick] of EVERY_SELECTION)
    expect((await placeBet(t, player, page, type, pick, 1_000)).code).toBe(200);
  return player;
}

/** What a match ended as: its row's play, its markets and its bets, without ids. */
async function outcome(ref: string) {
  const m = await feedMatchRow(t, provider, ref);
  const marketRows = await t.db
    .select({ type: markets.type, status: markets.status })
    .from(markets)
    .where(eq(markets.matchId, m.id));
  const betRows = await t.db
    .select({ type: bets.marketType, pick: bets.pick, status: bets.status, payout: bets.payout, odds: bets.oddsMilli })
    .from(bets)
    .where(and(eq(bets.gameType, 'taiqiu'), eq(bets.roundId, String(m.id))));
  const byText = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    play: [m.status, m.scoreA, m.scoreB, m.winner, m.frames, m.feedSeq, m.feedState, m.framePointsA, m.framePointsB],
    markets: marketRows.sort(byText),
    bets: betRows.sort(byText),
  };
}

describe('a feed delivered out of order and twice', () => {
  it('gives the same match, markets and settled bets as in order', async () => {
    const start = new Date(t.clock.now().getTime() + 60_000);
    const inOrder = matchStream('in-order', start, { bestOf: 11, seed: 11, visits: [14, 26] });
    const shuffled = matchStream('shuffled', start, { bestOf: 11, seed: 11, visits: [14, 26] });
    expect(inOrder.length).toBeGreaterThanOrEqual(200);

    const playerInOrder = await scheduledWithBets(inOrder);
    const playerShuffled = await scheduledWithBets(shuffled);

    for (const batch of batchesOf(inOrder.slice(1), 10))
      expect((await postEvents(t, provider, batch)).status).toBe(200);
    let held = 0;
    for (const pass of [1, 2]) {
      for (const batch of batchesOf(shuffledWithin(shuffled, 16, pass), 8)) {
        const res = await postEvents(t, provider, batch);
        expect(res.status).toBe(200);
        held += (res.json.results as { status: string }[]).filter((r) => r.status === 'held').length;
      }
    }
    // The shuffle did put events ahead of gaps, and every one of them was applied in the end.
    expect(held).toBeGreaterThan(10);

    const [a, b] = [await outcome('in-order'), await outcome('shuffled')];
    expect(a.play[0]).toBe('finished');
    expect(b).toEqual(a);
    expect(a.bets.every((x) => x.status !== 'open')).toBe(true);
    expect((await cashOf(t, playerShuffled)).balance).toBe((await cashOf(t, playerInOrder)).balance);
    await expectLedgerOk(t.db);
    // Three best-of-11 matches' events (about 600), each re-pricing its match's book.
  }, 120_000);
});
