import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, rebatesAdmin, vipAdmin, rebates, wallet } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { accrueRebate } from '../../src/modules/rebates/service.js';
import { registerTestProvider, type TestProvider } from '../helpers/provider.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { settledBet } from '../helpers/rewards.js';
import { deposit, providerBet, voidBilliardsBet } from '../helpers/vip-rebates.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, cashOf, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * Real-time rebates. Seeded rates in basis points: VIP0 taiqiu 40,
 * slots 50, poker 30; VIP1 50, 60, 40. A bet accrues valid bet × rate (cent·bp); a claim pays
 * floor(accrued / 10,000) cents per game type and keeps the rest.
 */

describe('rebates', () => {
  let t: TestApp;
  let p: TestProvider;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const summary = async (player: TestPlayer) =>
    (await call(t.app, rebates.rebateSummary, {}, { token: player.token })).data;
  const claim = (player: TestPlayer, lang?: string) =>
    call(t.app, rebates.rebateClaim, {}, { token: player.token, ...(lang && { lang }) });
  const amounts = async (player: TestPlayer) => (await summary(player)).items.map((i) => [i.gameType, i.amount]);

  it('accrues every game type at the rate of the level each bet settled at, and a claim pays the whole cents', async () => {
    const player = await fundedPlayer(t, 200_000);
    // VIP0: 60,001 × 40 = 2,400,040; 33,333 × 50 = 1,666,650; 20,001 × 30 = 600,030 (cent·bp).
    await settledBet(t, player, 60_001);
    await providerBet(t, p, player, p.slot, 33_333);
    await providerBet(t, p, player, p.poker, 20_001);
    await voidBilliardsBet(t, player, 5_000);
    expect(await summary(player)).toMatchObject({
      vipLevel: 0,
      total: 240 + 166 + 60,
      items: [
        { gameType: 'taiqiu', validBet: 60_001, rateBp: 40, amount: 240 },
        { gameType: 'slots', validBet: 33_333, rateBp: 50, amount: 166 },
        { gameType: 'poker', validBet: 20_001, rateBp: 30, amount: 60 },
      ],
      minClaim: 100,
      intervalMinutes: 10,
      lastClaimAt: null,
      nextClaimAt: null,
    });

    // ¥1,133.35 of valid bet passes VIP1's ¥1,000 but its ¥100 of deposits is missing: a deposit makes VIP1.
    await deposit(t, player, 10_000);
    const atVip1 = await summary(player);
    expect(atVip1.vipLevel).toBe(1);
    expect(atVip1.items.map((i) => [i.rateBp, i.amount])).toEqual([
      [50, 240],
      [60, 166],
      [40, 60],
    ]);

    // VIP1: + 10,001 × 50 = 500,050; 7,777 × 60 = 466,620; 5,555 × 40 = 222,200.
    await settledBet(t, player, 10_001);
    await providerBet(t, p, player, p.slot, 7_777);
    await providerBet(t, p, player, p.poker, 5_555);
    const items = [
      { gameType: 'taiqiu', validBet: 70_002, rateBp: 50, amount: 290 }, // 2,900,090
      { gameType: 'slots', validBet: 41_110, rateBp: 60, amount: 213 }, // 2,133,270
      { gameType: 'poker', validBet: 25_556, rateBp: 40, amount: 82 }, // 822,230
    ];
    expect(await summary(player)).toMatchObject({ vipLevel: 1, total: 585, items });

    const before = (await cashOf(t, player)).balance;
    const res = await claim(player);
    expect(res).toMatchObject({ code: 200, data: { amount: 585, items, balance: before + 585 } });
    expect((await cashOf(t, player)).balance).toBe(before + 585);

    const after = await summary(player);
    expect(after.total).toBe(0);
    expect(after.items.map((i) => i.validBet)).toEqual([0, 0, 0]);
    expect(after.lastClaimAt).toBe(res.data.createdAt);
    expect(after.nextClaimAt).toBe(new Date(Date.parse(res.data.createdAt) + 10 * 60_000).toISOString());

    // The sub-cent rest stays: slots had 3,270 left, + 1,279 × 60 = 76,740 → 80,010, 8 cents (7 without it).
    await providerBet(t, p, player, p.slot, 1_279);
    expect(await amounts(player)).toEqual([
      ['taiqiu', 0],
      ['slots', 8],
      ['poker', 0],
    ]);

    // The claim in the logs with its breakdown, and in the fund details as 返水.
    const logs = await call(t.app, rebates.rebateLogs, { page: 1, pageSize: 10 }, { token: player.token });
    expect(logs.data).toMatchObject({ total: 1, totalAmount: 585, list: [{ id: res.data.id, amount: 585, items }] });
    const details = await call(
      t.app,
      wallet.balanceDetails,
      { page: 1, pageSize: 10, type: 'rebate' },
      { token: player.token },
    );
    expect(details.data.list).toEqual([
      expect.objectContaining({
        type: 'rebate',
        amount: 585,
        balanceAfter: before + 585,
        reference: expect.objectContaining({ table: 'rebate_claims', id: String(res.data.id) }),
      }),
    ]);
  });

  it('a settled bet accrues once, whatever calls the hook again', async () => {
    const player = await fundedPlayer(t, 0);
    const accrue = () =>
      inTransaction(t.db, (tx) =>
        accrueRebate(tx, t.app.ctx, {
          userId: player.userId,
          gameType: 'slots',
          validBet: 30_000,
          reference: { table: 'test_refs', id: `once-${player.userId}` },
        }),
      );
    await accrue();
    await accrue();
    expect((await summary(player)).items[1]).toEqual({ gameType: 'slots', validBet: 30_000, rateBp: 50, amount: 150 });
  });

  it('two claims at once pay once', async () => {
    const player = await fundedPlayer(t, 100_000);
    await providerBet(t, p, player, p.slot, 40_000); // 40,000 × 50 → 200 cents
    const before = (await cashOf(t, player)).balance;
    const results = await Promise.all([claim(player), claim(player)]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 429]);
    expect((await cashOf(t, player)).balance).toBe(before + 200);
    const logs = await call(t.app, rebates.rebateLogs, { page: 1, pageSize: 10 }, { token: player.token });
    expect(logs.data).toMatchObject({ total: 1, totalAmount: 200 });
  });

  it('a claim within 10 minutes of the last is refused with the time left, and allowed after', async () => {
    const player = await fundedPlayer(t, 100_000);
    await providerBet(t, p, player, p.slot, 20_000); // 100 cents
    expect((await claim(player)).code).toBe(200);
    await providerBet(t, p, player, p.slot, 20_000);

    t.clock.advance(6 * 60_000 + 48_000);
    expect(await claim(player)).toEqual({
      code: 429,
      msg: '返水每 10 分钟可领取一次，请 3分12秒 后再试',
      data: { retryAfter: 192 },
    });
    expect(await claim(player, 'en')).toMatchObject({
      code: 429,
      msg: 'Rebates can be claimed once every 10 minutes; try again in 3 min 12 s',
    });
    expect((await summary(player)).nextClaimAt).toBe(new Date(t.clock.now().getTime() + 192_000).toISOString());
    t.clock.advance(191_000);
    expect(await claim(player)).toMatchObject({ code: 429, msg: '返水每 10 分钟可领取一次，请 1秒 后再试' });
    t.clock.advance(1_000);
    expect(await claim(player)).toMatchObject({ code: 200, data: { amount: 100 } });
  });

  it('below the minimum of ¥1.00 a claim is refused and nothing is written', async () => {
    const player = await fundedPlayer(t, 100_000);
    await providerBet(t, p, player, p.slot, 19_999); // 999,950 cent·bp: 99 cents
    const claims = await rowCount(t.db, 'rebate_claims');
    expect(await claim(player)).toEqual({ code: 422, msg: '可领取返水不足 ¥1.00', data: null });
    expect(await rowCount(t.db, 'rebate_claims')).toBe(claims);
    expect((await summary(player)).total).toBe(99);

    await providerBet(t, p, player, p.slot, 1); // + 50: exactly 1,000,000
    expect(await claim(player)).toMatchObject({ code: 200, data: { amount: 100 } });
  });

  it('rules: every level × game type, the minimum and the interval', async () => {
    const player = await fundedPlayer(t, 0);
    const rules = (await call(t.app, rebates.rebateRules, {}, { token: player.token })).data;
    expect(rules).toMatchObject({ minClaim: 100, intervalMinutes: 10, vipLevel: 0 });
    expect(rules.levels).toHaveLength(11);
    expect(rules.levels[0]).toEqual({ vipLevel: 0, rates: { taiqiu: 40, slots: 50, poker: 30 } });
    expect(rules.levels[10]).toEqual({ vipLevel: 10, rates: { taiqiu: 140, slots: 150, poker: 130 } });
  });

  it('an operator rate change applies to bets settled after it, audited; a rate above 5 % is refused', async () => {
    const player = await fundedPlayer(t, 100_000);
    await providerBet(t, p, player, p.poker, 10_000); // 10,000 × 30 = 300,000
    const saved = await adminCall(t.app, vipAdmin.rebateRateSave, { vipLevel: 0, gameType: 'poker', rateBp: 100 });
    expect(saved).toMatchObject({ code: 200, data: { level: 0, rebateRates: { taiqiu: 40, slots: 50, poker: 100 } } });
    await providerBet(t, p, player, p.poker, 10_000); // + 10,000 × 100 = 1,000,000
    expect((await summary(player)).items[2]).toEqual({ gameType: 'poker', validBet: 20_000, rateBp: 100, amount: 130 });

    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 5, action: 'rebates.rate.save' });
    expect(audit.data.list[0]).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      target: 'VIP0',
      payload: { vipLevel: 0, gameType: 'poker', rateBp: 100 },
      before: { rebateRates: { poker: 30 } },
      after: { rebateRates: { poker: 100 } },
    });
    const over = await adminCall(t.app, vipAdmin.rebateRateSave, { vipLevel: 0, gameType: 'poker', rateBp: 501 });
    expect(over.code).toBe(400);
    await adminCall(t.app, vipAdmin.rebateRateSave, { vipLevel: 0, gameType: 'poker', rateBp: 30 });
  });

  it('the operator lists every claim with its player, also as CSV', async () => {
    const player = await fundedPlayer(t, 100_000);
    await providerBet(t, p, player, p.slot, 30_000); // 150 cents
    const claimed = await claim(player);
    const list = await adminCall(t.app, rebatesAdmin.rebateClaimsList, { username: player.username });
    expect(list.data).toEqual({
      total: 1,
      page: 1,
      pageSize: 20,
      list: [
        {
          id: claimed.data.id,
          username: player.username,
          amount: 150,
          validBet: 30_000,
          createdAt: claimed.data.createdAt,
        },
      ],
    });
    const all = await adminCall(t.app, rebatesAdmin.rebateClaimsList, { page: 1, pageSize: 1 });
    expect(all.data.list[0]?.id).toBe(claimed.data.id);
    expect(all.data.total).toBeGreaterThan(1);
    expect((await adminCall(t.app, rebatesAdmin.rebateClaimsList, { username: 'nobody-here' })).data.total).toBe(0);

    const csv = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${rebatesAdmin.rebateClaimsList.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN },
      payload: { username: player.username },
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'id,username,amount,validBet,createdAt',
      expect.stringContaining(`${claimed.data.id},${player.username},`),
    ]);
  });
});
