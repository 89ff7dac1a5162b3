import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { roomOn } from '../../src/modules/taiqiu/trading/limits.js';
import { call, type TestApp } from '../helpers/test-app.js';
import {
  fundedPlayer,
  marketOf,
  matchPage,
  newMatch,
  placeBet,
  selectionOf,
  startTaiqiuApp,
} from '../helpers/taiqiu.js';
import { adminCall } from '../helpers/withdrawals.js';

/*
 * Trading limits (docs/design.md §9, "Limits"): a market's liability limit (the book's default per
 * type, a match's own), refusals that say what still fits, the market suspended with an alert once
 * full, concurrent bets that never cross it; a player's stake factor and maximum; the big-bet and
 * both-sides alerts, acknowledged and audited.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

const setLimit = (matchId: number, type: taiqiu.MarketType, liabilityLimit: number | null) =>
  adminCall(t.app, taiqiuAdmin.limitSet, { matchId, type, liabilityLimit, reason: '风控' });

const setRules = (input: Partial<taiqiuAdmin.TradingRuleSet>) =>
  adminCall(t.app, taiqiuAdmin.tradingRulesSet, { liabilityLimits: [], bigBet: null, reason: '风控', ...input });

/** The market's worst case as the console reads it. */
async function worstOf(matchId: number, marketId: number): Promise<number> {
  const res = await adminCall(t.app, taiqiuAdmin.liability, { matchId });
  return res.data.markets.find((m) => m.marketId === marketId)?.worst ?? 0;
}

const alertsOf = async (matchId: number) =>
  (await adminCall(t.app, taiqiuAdmin.alerts, { page: 1, pageSize: 100 })).data.list.filter(
    (a) => a.matchId === matchId,
  );

describe('room under a limit', () => {
  it('is the largest stake that keeps the net within the limit (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1_001, max: 100_000 }),
        (net, limit, odds) => {
          const room = roomOn(net, limit, odds);
          if (net >= limit) return room === 0;
          const added = (x: number) => Math.floor((x * odds) / 1000) - x;
          // It fits, and one more unit would add more than the room left at the exact price.
          return net + added(room) <= limit && ((room + 1) * (odds - 1000)) / 1000 > limit - net;
        },
      ),
    );
  });
});

describe('a market liability limit', () => {
  it('cuts a bet above the room to what fits, then suspends the market with an alert; a full market refuses', async () => {
    const match = await newMatch(t, { frameWinA: 0.5 });
    const { market, sel } = selectionOf(match, 'winner', 'a');
    const player = await fundedPlayer(t, 1_000_000);
    const set = await setLimit(match.id, 'winner', 50_000);
    expect(set.data.marketSettings.find((s) => s.type === 'winner')).toMatchObject({
      liabilityLimit: 50_000,
      defaultLiabilityLimit: null,
    });

    const first = await placeBet(t, player, match, 'winner', 'a', 20_000);
    expect(first.code, first.msg).toBe(200);
    expect(first.data).not.toHaveProperty('askedStake');
    expect(marketOf(await matchPage(t, match.id), 'winner').status).toBe('open');
    const oddsMilli = Math.round(sel.odds * 1000);
    const room = roomOn(Math.floor((20_000 * oddsMilli) / 1000) - 20_000, 50_000, oddsMilli);

    // Asked more than fits: the bet takes the room, says what was asked, and debits only that.
    const requestId = randomUUID();
    const cut = await placeBet(t, player, match, 'winner', 'a', room + 5_000, { requestId });
    expect(cut).toMatchObject({ code: 200, data: { stake: room, askedStake: room + 5_000 } });
    const [debited] = await queryRows<{ stake: string }>(
      t.db,
      sql`SELECT stake::text FROM bets WHERE bet_no = ${cut.data!.betNo}`,
    );
    expect(Number(debited!.stake)).toBe(room);
    // Its replay answers with the same cut bet.
    const replay = await placeBet(t, player, match, 'winner', 'a', room + 5_000, { requestId });
    expect(replay.data).toEqual(cut.data);
    expect(await worstOf(match.id, market.id)).toBeLessThanOrEqual(50_000);

    // At its limit the market is suspended, with one alert saying its worst case.
    expect(marketOf(await matchPage(t, match.id), 'winner').status).toBe('suspended');
    const [alert] = await alertsOf(match.id);
    expect(alert).toMatchObject({ kind: 'limit', marketId: market.id, ackedAt: null });
    expect(alert!.amount).toBe(await worstOf(match.id, market.id));
    expect(alert!.marketName).toBeTruthy();

    // A trader opens it: the side at its limit refuses; the other side, which lowers it, is taken.
    expect((await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id })).data.status).toBe('open');
    const full = await placeBet(t, player, match, 'winner', 'a', 1_000);
    expect(full).toMatchObject({ code: 422, data: { field: 'stake' } });
    expect(full.msg).toContain('上限');
    expect(marketOf(await matchPage(t, match.id), 'winner').status).toBe('suspended');
    expect(await alertsOf(match.id)).toHaveLength(2);
    await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id });
    expect((await placeBet(t, player, match, 'winner', 'b', 5_000)).code).toBe(200);
  });

  it('the book default applies to every match without its own; a match limit overrides it, and null restores it', async () => {
    expect((await setRules({ liabilityLimits: [{ type: 'total', liabilityLimit: 10_000 }] })).code).toBe(200);
    const match = await newMatch(t, { frameWinA: 0.5 });
    const player = await fundedPlayer(t, 1_000_000);
    const cut = await placeBet(t, player, match, 'total', 'over', 100_000);
    expect(cut).toMatchObject({ code: 200, data: { askedStake: 100_000 } });
    const over = selectionOf(match, 'total', 'over').sel;
    expect(cut.data!.stake).toBe(roomOn(0, 10_000, Math.round(over.odds * 1000)));

    await setLimit(match.id, 'total', 1_000_000);
    await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: marketOf(match, 'total').id });
    expect(await placeBet(t, player, match, 'total', 'over', 100_000)).toMatchObject({
      code: 200,
      data: { stake: 100_000 },
    });
    // Switching the type off and on keeps the match's limit.
    await adminCall(t.app, taiqiuAdmin.marketsSet, {
      matchId: match.id,
      type: 'total',
      off: false,
      marginBp: 500,
      reason: 'x',
    });
    const list = await adminCall(t.app, taiqiuAdmin.matchesList, { page: 1, pageSize: 50 });
    const row = list.data.list.find((m) => m.id === match.id)!;
    expect(row.marketSettings.find((s) => s.type === 'total')).toMatchObject({
      liabilityLimit: 1_000_000,
      defaultLiabilityLimit: 10_000,
    });

    const back = await setLimit(match.id, 'total', null);
    expect(back.data.marketSettings.find((s) => s.type === 'total')?.liabilityLimit).toBe(10_000);
    expect(await setRules({ liabilityLimits: [{ type: 'total', liabilityLimit: null }] })).toMatchObject({
      code: 200,
      data: { bigBet: null },
    });
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM admin_audit WHERE action IN ('taiqiu.trading.rules', 'taiqiu.match.limit') ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['taiqiu.trading.rules', 'taiqiu.match.limit']));
  });

  it(
    '50 bets at once on a market near its limit never cross it, and the market is suspended',
    { timeout: 60_000 },
    async () => {
      const LIMIT = 100_000;
      const match = await newMatch(t, { frameWinA: 0.5 });
      const { market } = selectionOf(match, 'winner', 'a');
      await setLimit(match.id, 'winner', LIMIT);
      const players = await Promise.all(Array.from({ length: 50 }, () => fundedPlayer(t, 100_000)));
      const answers = await Promise.all(
        players.map((p) => placeBet(t, p, match, 'winner', 'a', 10_000, { requestId: randomUUID() })),
      );
      const taken = answers.filter((a) => a.code === 200);
      expect(taken.length).toBeGreaterThan(0);
      expect(taken.length).toBeLessThan(50);
      // At most one is cut; the rest find the market full (422) or suspended (422).
      expect(taken.filter((a) => a.data!.askedStake !== undefined).length).toBeLessThanOrEqual(1);
      expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 422)).toBe(true);
      expect(await worstOf(match.id, market.id)).toBeLessThanOrEqual(LIMIT);
      expect(marketOf(await matchPage(t, match.id), 'winner').status).toBe('suspended');
      // One alert for the market, however many bets found it full.
      expect((await alertsOf(match.id)).filter((a) => a.kind === 'limit')).toHaveLength(1);
    },
  );
});

describe('a parlay under leg limits', () => {
  it('is refused naming the leg whose market it would take over its limit, and taken within it', async () => {
    const [one, two] = [await newMatch(t, { frameWinA: 0.5 }), await newMatch(t, { frameWinA: 0.5 })];
    const player = await fundedPlayer(t, 1_000_000);
    await setLimit(two.id, 'winner', 5_000);
    const legs = [one, two].map((m) => {
      const { market, sel } = selectionOf(m, 'winner', 'a');
      return { matchId: m.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
    });
    const slip = (unitStake: number) =>
      call(t.app, taiqiu.parlay, { legs, sizes: [2], unitStake }, { token: player.token });
    // 2串1 at about 1.9 × 1.9: a leg's share of the return less its share of the stake.
    const over = await slip(10_000);
    expect(over).toMatchObject({ code: 422, data: { field: 'legs.1' } });
    expect(over.msg).toContain('第 2 关');
    expect(await slip(2_000)).toMatchObject({ code: 200 });
    expect(await worstOf(two.id, marketOf(two, 'winner').id)).toBeLessThanOrEqual(5_000);
  });
});

describe('player stake limits', () => {
  it('scale every market maximum and cap it, singles and parlay legs alike; audited', async () => {
    const match = await newMatch(t, { maxStake: 100_000 });
    const player = await fundedPlayer(t, 1_000_000);
    const set = await adminCall(t.app, taiqiuAdmin.playerLimitsSet, {
      userId: player.userId,
      stakeFactorBp: 2_000,
      maxStake: null,
      reason: '职业玩家',
    });
    expect(set.data).toEqual({ userId: player.userId, stakeFactorBp: 2_000, maxStake: null });
    expect(await placeBet(t, player, match, 'winner', 'a', 20_001)).toMatchObject({
      code: 422,
      data: { field: 'stake' },
    });
    expect((await placeBet(t, player, match, 'winner', 'a', 20_000)).code).toBe(200);

    await adminCall(t.app, taiqiuAdmin.playerLimitsSet, {
      userId: player.userId,
      stakeFactorBp: 10_000,
      maxStake: 5_000,
      reason: '限额',
    });
    const refused = await placeBet(t, player, match, 'winner', 'a', 5_001);
    expect(refused.msg).toContain('50.00');
    const other = await newMatch(t);
    const legs = [match, other].map((m) => {
      const { market, sel } = selectionOf(m, 'winner', 'a');
      return { matchId: m.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
    });
    const slip = await call(
      t.app,
      taiqiu.parlay,
      { legs, sizes: [2], unitStake: 6_000 },
      {
        token: player.token,
      },
    );
    expect(slip).toMatchObject({ code: 422, data: { field: 'unitStake' } });

    const read = await adminCall(t.app, taiqiuAdmin.playerLimits, { userId: player.userId });
    expect(read.data).toEqual({ userId: player.userId, stakeFactorBp: 10_000, maxStake: 5_000 });
    expect((await adminCall(t.app, taiqiuAdmin.playerLimits, { userId: 987_654_321 })).code).toBe(404);
  });
});

describe('alerts', () => {
  it('a big bet and a player backing both sides raise alerts a trader acknowledges, audited', async () => {
    await setRules({ bigBet: 50_000 });
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 1_000_000);
    const big = await placeBet(t, player, match, 'winner', 'a', 60_000);
    expect(big.code).toBe(200);
    expect((await placeBet(t, player, match, 'winner', 'b', 1_000)).code).toBe(200);
    const found = await alertsOf(match.id);
    expect(found.map((a) => a.kind).sort()).toEqual(['big_bet', 'both_sides']);
    expect(found.find((a) => a.kind === 'big_bet')).toMatchObject({
      betNo: big.data!.betNo,
      amount: 60_000,
      username: player.username,
    });

    const open = await adminCall(t.app, taiqiuAdmin.alerts, { page: 1, pageSize: 100, open: true });
    const id = found[0]!.id;
    const acked = await adminCall(t.app, taiqiuAdmin.alertAck, { id });
    expect(acked.data).toMatchObject({ id, ackedBy: expect.any(String) });
    const after = await adminCall(t.app, taiqiuAdmin.alerts, { page: 1, pageSize: 100, open: true });
    expect(after.data.open).toBe(open.data.open - 1);
    expect(after.data.list.some((a) => a.id === id)).toBe(false);
    expect((await adminCall(t.app, taiqiuAdmin.alertAck, { id: 987_654_321 })).code).toBe(404);
    await setRules({ bigBet: null });
  });
});
