import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets as records, taiqiu, taiqiuAdmin, type feed } from '@breakshot/contracts';
import { bets } from '../../src/modules/bets/tables.js';
import { decidePendingBets } from '../../src/modules/taiqiu/acceptance.js';
import { markets, selections } from '../../src/modules/taiqiu/tables.js';
import { feedMatchRow, matchStream, newFeedProvider, postEvents, type TestFeed } from '../helpers/feed.js';
import { fundedPlayer, matchPage, newMatch } from '../helpers/taiqiu.js';
import { startTestApp } from '../helpers/test-app.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, cashOf, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * In-play acceptance: a bet on a live match is pending for the match's delay, its stake held;
 * then it is accepted at the odds the player's preference allows, or rejected and the stake
 * given back, the player told either way.
 */

let t: TestApp;
let provider: TestFeed;
let matches = 0;

beforeAll(async () => {
  t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false, logger: { level: 'error' } });
  provider = await newFeedProvider(t);
});
afterAll(() => t.close());

/** A live match through the feed, its first frame on: the events sent, and those still to come. */
async function liveMatch(): Promise<{ id: number; rest: feed.FeedEvent[] }> {
  matches += 1;
  const events = matchStream(`inplay-${matches}`, new Date(t.clock.now().getTime() - 60_000), {
    bestOf: 7,
    seed: matches,
    visits: [20, 30],
  });
  const firstVisit = events.findIndex((e) => e.type === 'visit');
  expect((await postEvents(t, provider, events.slice(0, firstVisit + 1))).status).toBe(200);
  return { id: (await feedMatchRow(t, provider, events[0]!.match)).id, rest: events.slice(firstVisit + 1) };
}

async function send(events: feed.FeedEvent[]) {
  expect((await postEvents(t, provider, events)).status).toBe(200);
}

/** The frame-1 winner market's selection of `pick`, as the page shows it now. */
async function frameOne(matchId: number, pick: 'a' | 'b') {
  const page = await matchPage(t, matchId);
  const market = page.markets.find((m) => m.type === 'frame_winner' && m.frame === 1)!;
  return { market, sel: market.selections.find((s) => s.pick === pick)! };
}

/** Bets on frame 1's winner at the odds the page shows (or, `acceptOddsChange`, at those of the moment). */
async function bet(player: TestPlayer, matchId: number, pick: 'a' | 'b', stake = 1_000, acceptOddsChange = false) {
  const { market, sel } = await frameOne(matchId, pick);
  return call(
    t.app,
    taiqiu.bet,
    { matchId, marketId: market.id, selectionId: sel.id, stake, odds: sel.odds, acceptOddsChange },
    { token: player.token },
  );
}

const prefer = (player: TestPlayer, oddsChange: taiqiu.OddsChange) =>
  call(t.app, taiqiu.preferencesSet, { oddsChange }, { token: player.token });

const betRow = async (betNo: string) => (await t.db.select().from(bets).where(eq(bets.betNo, betNo)))[0]!;

/** Lets the delay pass and decides what is due. */
async function afterDelay() {
  t.clock.advance(3_000);
  await decidePendingBets(t.app.ctx);
}

describe('in-play acceptance', () => {
  it('holds the stake while pending, then accepts a bet whose odds stood', async () => {
    const { id } = await liveMatch();
    const player = await fundedPlayer(t, 100_000);
    const res = await bet(player, id, 'a', 5_000);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.status).toBe('pending');
    expect(Date.parse(res.data.acceptAt!)).toBe(t.clock.now().getTime() + 3_000);
    expect((await cashOf(t, player)).balance).toBe(95_000);

    t.clock.advance(2_999);
    expect(await decidePendingBets(t.app.ctx)).toBe(0);
    expect((await betRow(res.data.betNo)).status).toBe('pending');
    t.clock.advance(1);
    expect(await decidePendingBets(t.app.ctx)).toBe(1);
    const row = await betRow(res.data.betNo);
    expect(row).toMatchObject({ status: 'open', oddsMilli: Math.round(res.data.odds * 1000) });
    expect((await cashOf(t, player)).balance).toBe(95_000);
    await expectLedgerOk(t.db);
  });

  it('odds moved in the window: none rejects, better takes a rise only, any takes the new odds', async () => {
    const { id, rest } = await liveMatch();
    const before = { a: (await frameOne(id, 'a')).sel.odds, b: (await frameOne(id, 'b')).sel.odds };
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(t, 100_000)));
    const [none, betterOnA, betterOnB, any] = players as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    await prefer(betterOnA, 'better');
    await prefer(betterOnB, 'better');
    await prefer(any, 'any');
    const placed = await Promise.all([
      bet(none, id, 'a'),
      bet(betterOnA, id, 'a'),
      bet(betterOnB, id, 'b'),
      bet(any, id, 'b'),
    ]);
    for (const p of placed) expect(p.data.status).toBe('pending');

    // The next visits move the frame's odds: one side shortens, the other drifts.
    let moved = { a: before.a, b: before.b };
    for (const e of rest) {
      await send([e]);
      moved = { a: (await frameOne(id, 'a')).sel.odds, b: (await frameOne(id, 'b')).sel.odds };
      if (e.type !== 'visit' || moved.a !== before.a) break;
    }
    expect(moved.a).not.toBe(before.a);
    expect(moved.b).not.toBe(before.b);

    await afterDelay();
    const rows = await Promise.all(placed.map((p) => betRow(p.data.betNo)));
    expect(rows[0]).toMatchObject({ status: 'rejected', rejectedReason: 'oddsChanged' });
    // The player's records say so too.
    const record = await call(t.app, records.betRecordDetails, { betNo: rows[0]!.betNo }, { token: none.token });
    expect(record.data).toMatchObject({ status: 'rejected', rejectedReason: 'oddsChanged', winLoss: null });
    const aRose = moved.a > before.a;
    expect(rows[1]!.status).toBe(aRose ? 'open' : 'rejected');
    expect(rows[2]!.status).toBe(aRose ? 'rejected' : 'open');
    expect(rows[3]).toMatchObject({ status: 'open', oddsMilli: Math.round(moved.b * 1000) });
    for (const [i, row] of rows.entries()) {
      const balance = (await cashOf(t, players[i]!)).balance;
      expect(balance).toBe(row!.status === 'open' ? 99_000 : 100_000);
    }
    await expectLedgerOk(t.db);
  });

  it('a market decided or suspended in the window rejects; the operator sets the delay, 0 accepts at once', async () => {
    const { id, rest } = await liveMatch();
    const player = await fundedPlayer(t, 100_000);
    const pending = await bet(player, id, 'a');
    const page = await matchPage(t, id);
    const next = page.markets.find((m) => m.type === 'frame_winner' && m.frame === 2)!;
    const onNext = await call(
      t.app,
      taiqiu.bet,
      {
        matchId: id,
        marketId: next.id,
        selectionId: next.selections[0]!.id,
        stake: 1_000,
        odds: next.selections[0]!.odds,
      },
      { token: player.token },
    );
    expect(onNext.data.status).toBe('pending');
    // Frame 1 ends in the window: its market is decided, frame 2's suspended until it starts.
    await send(rest.slice(0, rest.findIndex((e) => e.type === 'frame_ended') + 1));
    await afterDelay();
    expect(await betRow(pending.data.betNo)).toMatchObject({ status: 'rejected', rejectedReason: 'marketClosed' });
    expect(await betRow(onNext.data.betNo)).toMatchObject({ status: 'rejected', rejectedReason: 'marketSuspended' });
    expect((await cashOf(t, player)).balance).toBe(100_000);

    const other = await liveMatch();
    const set = await adminCall(t.app, taiqiuAdmin.delaySet, { matchId: other.id, delayMs: 0, reason: '测试' });
    expect(set.code, set.msg).toBe(200);
    expect((await bet(player, other.id, 'a')).data.status).toBe('open');
    expect(
      (await adminCall(t.app, taiqiuAdmin.delaySet, { matchId: other.id, delayMs: 30_001, reason: 'x' })).code,
    ).toBe(400);
    const ended = await newMatch(t);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: ended.id, a: 4, b: 0 });
    const late = await adminCall(t.app, taiqiuAdmin.delaySet, { matchId: ended.id, delayMs: 1_000, reason: '测试' });
    expect(late.code).toBe(409);
  });

  it('50 bets at once while the feed moves the odds: each decided as its preference says, balances exact', async () => {
    const { id, rest } = await liveMatch();
    const prefs: taiqiu.OddsChange[] = ['none', 'better', 'any'];
    const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(t, 100_000)));
    await Promise.all(players.map((p, i) => prefer(p, prefs[i % 3]!)));
    const placing = Array.from({ length: 50 }, (_, i) => bet(players[i % 10]!, id, i % 2 ? 'a' : 'b', 1_000, true));
    const feeding = (async () => {
      for (const e of rest.slice(0, 6)) await send([e]);
    })();
    const answers = await Promise.all(placing);
    const placed = answers.filter((r) => r.code === 200);
    await feeding;
    expect(placed.length).toBeGreaterThan(10);

    await afterDelay();
    const statuses = new Set<string>();
    for (const p of placed) {
      const row = await betRow(p.data.betNo);
      const [sel] = await t.db.select().from(selections).where(eq(selections.id, row.selectionId!));
      const [market] = await t.db.select().from(markets).where(eq(markets.id, row.marketId!));
      const placedOdds = Math.round(p.data.odds * 1000);
      const pref = prefs[players.findIndex((x) => x.userId === row.userId) % 3]!;
      // No event came after the delay: the market stands as it was when the bets were decided.
      const open = market!.status === 'open' && sel!.result === null;
      const takes =
        open && (sel!.oddsMilli === placedOdds || pref === 'any' || (pref === 'better' && sel!.oddsMilli > placedOdds));
      expect(row.status, `${pref} ${placedOdds} → ${sel!.oddsMilli} (${market!.status})`).toBe(
        takes ? 'open' : 'rejected',
      );
      if (takes) expect(row.oddsMilli).toBe(sel!.oddsMilli);
      statuses.add(row.status);
    }
    // The odds did move under some of them: both outcomes were put to the test.
    expect([...statuses].sort()).toEqual(['open', 'rejected']);
    for (const player of players) {
      const mine = await t.db.select().from(bets).where(eq(bets.userId, player.userId));
      const taken = mine.filter((b) => b.status === 'open').reduce((sum, b) => sum + b.stake, 0);
      expect((await cashOf(t, player)).balance).toBe(100_000 - taken);
    }
    await expectLedgerOk(t.db);
  }, 60_000);

  it('on a market under a liability limit a price that rose in the window is not given: accepted at the odds placed', async () => {
    const { id, rest } = await liveMatch();
    const limit = await adminCall(t.app, taiqiuAdmin.limitSet, {
      matchId: id,
      type: 'frame_winner',
      liabilityLimit: 10_000_000,
      reason: '风控',
    });
    expect(limit.code, limit.msg).toBe(200);
    const before = { a: (await frameOne(id, 'a')).sel.odds, b: (await frameOne(id, 'b')).sel.odds };
    const [onA, onB] = await Promise.all([fundedPlayer(t, 100_000), fundedPlayer(t, 100_000)]);
    await prefer(onA, 'any');
    await prefer(onB, 'any');
    const placed = await Promise.all([bet(onA, id, 'a'), bet(onB, id, 'b')]);
    for (const p of placed) expect(p.data.status, p.msg).toBe('pending');

    let moved = before;
    for (const e of rest) {
      await send([e]);
      moved = { a: (await frameOne(id, 'a')).sel.odds, b: (await frameOne(id, 'b')).sel.odds };
      if (e.type !== 'visit' || moved.a !== before.a) break;
    }
    expect(moved.a).not.toBe(before.a);
    await afterDelay();
    const [a, b] = await Promise.all(placed.map((p) => betRow(p.data.betNo)));
    // The side that drifted keeps the odds it was placed at; the side that shortened takes the new odds.
    const expected = (side: 'a' | 'b') => Math.round(Math.min(moved[side], before[side]) * 1000);
    expect(a).toMatchObject({ status: 'open', oddsMilli: expected('a') });
    expect(b).toMatchObject({ status: 'open', oddsMilli: expected('b') });
    expect([a!.oddsMilli, b!.oddsMilli]).toContain(Math.round(before[moved.a > before.a ? 'a' : 'b'] * 1000));
    await expectLedgerOk(t.db);
  });
});
