import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameType } from '@breakshot/contracts';
import { promotionsOnBetSettled, promotionsOnBetsSettled } from '../../src/modules/promotions/service.js';
import { promotionApplications, promotionSlips } from '../../src/modules/promotions/tables.js';
import { inTransaction, type Tx } from '../../src/platform/db.js';
import { apply, savePromotion } from '../helpers/promotions.js';
import { DAY } from '../helpers/rewards.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The settled-bet hook, called as src/subscribers.ts calls it on bets.settled (bet numbers chosen
 * here, so the lucky endings are the test's): the lucky slip it records (the longest ending, the
 * minimum stake, running promotions only, once per bet), the progress it adds (fee waiver: every
 * game; slots turnover: slots only; the current week only), and that it stays two statements, for one bet or a settlement batch's.
 */

/**
 * Counts the statements sent through a transaction: queries built from it, raw ones, counts, and
 * prepared statements (platform/prepared.ts), which run on the transaction's session client.
 */
function counting(tx: Tx): { tx: Tx; statements: () => number } {
  let n = 0;
  const countingCalls = <T extends object>(target: T, names: string[]): T =>
    new Proxy(target, {
      get(inner, prop, receiver) {
        const value: unknown = Reflect.get(inner, prop, receiver);
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        if (!names.includes(String(prop))) return fn.bind(inner);
        return (...args: unknown[]) => {
          n += 1;
          return fn.apply(inner, args);
        };
      },
    });
  const proxy = new Proxy(tx, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop === 'session') {
        const session = value as { client: object };
        return new Proxy(session, {
          get: (s, p, r) => (p === 'client' ? countingCalls(s.client, ['query']) : (Reflect.get(s, p, r) as unknown)),
        });
      }
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (['select', 'insert', 'update', 'delete', 'execute', '$count'].includes(String(prop))) {
        return (...args: unknown[]) => {
          n += 1;
          return fn.apply(target, args);
        };
      }
      return fn.bind(target);
    },
  });
  return { tx: proxy, statements: () => n };
}

describe('promotions engine: the settled-bet hook', () => {
  let t: TestApp;
  let seq = 0;
  /** A unique bet number ending in `ending`. */
  const betNo = (ending: string) => `2611250000${String((seq += 1)).padStart(6, '0')}${ending}`;

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(async () => t?.close());

  async function settle(p: TestPlayer, bet: { betNo: string; gameType?: GameType; stake?: number; validBet?: number }) {
    const stake = bet.stake ?? 1_000;
    return inTransaction(t.db, async (tx) => {
      const counted = counting(tx);
      await promotionsOnBetSettled(counted.tx, t.app.ctx, {
        userId: p.userId,
        betNo: bet.betNo,
        gameType: bet.gameType ?? 'taiqiu',
        stake,
        validBet: bet.validBet ?? stake,
        settledAt: t.clock.now(),
      });
      return counted.statements();
    });
  }

  const slipsOf = (promotionId: number, p: TestPlayer) =>
    t.db
      .select({ betNo: promotionSlips.betNo, ending: promotionSlips.ending, bonus: promotionSlips.bonus })
      .from(promotionSlips)
      .where(and(eq(promotionSlips.promotionId, promotionId), eq(promotionSlips.userId, p.userId)))
      .orderBy(promotionSlips.betNo);

  it('records a lucky slip under the longest ending its number ends in, from the minimum stake, once', async () => {
    const lucky = await savePromotion(t, {
      type: 'lucky_slip',
      minStake: 1_000,
      claimDays: 3,
      tiers: [
        { ending: '77', bonus: 100 },
        { ending: '7777', bonus: 7_700 },
        { ending: '777', bonus: 700 },
      ],
    });
    const p = await newTestPlayer(t, { fundPassword: false });
    const four = betNo('7777');
    const three = betNo('0777');
    const two = betNo('0077');
    await settle(p, { betNo: four });
    await settle(p, { betNo: four }); // settled again: still one slip
    await settle(p, { betNo: three });
    await settle(p, { betNo: two });
    await settle(p, { betNo: betNo('7770') }); // no ending matches
    await settle(p, { betNo: betNo('7777'), stake: 999 }); // below the minimum stake
    expect(await slipsOf(lucky.id, p)).toEqual(
      [
        { betNo: four, ending: '7777', bonus: 7_700 },
        { betNo: three, ending: '777', bonus: 700 },
        { betNo: two, ending: '77', bonus: 100 },
      ].sort((a, b) => a.betNo.localeCompare(b.betNo)),
    );

    // A promotion that is switched off or has ended records nothing.
    await savePromotion(
      t,
      { type: 'lucky_slip', minStake: 1_000, claimDays: 3, tiers: [{ ending: '77', bonus: 100 }] },
      { enabled: false },
      lucky.id,
    );
    const after = betNo('7777');
    await settle(p, { betNo: after });
    expect((await slipsOf(lucky.id, p)).map((s) => s.betNo)).not.toContain(after);
  });

  it("adds the valid bet to this week's fee-waiver progress (every game) and slots-turnover progress (slots only)", async () => {
    const waiver = await savePromotion(t, { type: 'fee_waiver', freeWithdrawals: 2, minValidBet: 5_000 });
    const slots = await savePromotion(t, { type: 'slots_turnover', tiers: [{ validBet: 100_000, bonus: 1_000 }] });
    const p = await newTestPlayer(t, { fundPassword: false });
    const other = await newTestPlayer(t, { fundPassword: false });
    const progressOf = async (promotionId: number, who = p) =>
      (
        await t.db
          .select({ key: promotionApplications.periodKey, progress: promotionApplications.progress })
          .from(promotionApplications)
          .where(and(eq(promotionApplications.promotionId, promotionId), eq(promotionApplications.userId, who.userId)))
          .orderBy(promotionApplications.id)
      ).map((r) => r.progress);

    // Before applying, bets count for nothing.
    await settle(p, { betNo: betNo('01'), gameType: 'slots', stake: 9_000 });
    expect((await apply(t, p, waiver.id)).code).toBe(200);
    expect((await apply(t, p, slots.id)).code).toBe(200);
    expect((await apply(t, other, slots.id)).code).toBe(200);

    await settle(p, { betNo: betNo('02'), gameType: 'taiqiu', stake: 2_000, validBet: 500 });
    await settle(p, { betNo: betNo('03'), gameType: 'slots', stake: 700 });
    await settle(p, { betNo: betNo('04'), gameType: 'poker', stake: 300 });
    expect(await progressOf(waiver.id)).toEqual([1_500]);
    expect(await progressOf(slots.id)).toEqual([700]);
    expect(await progressOf(slots.id, other)).toEqual([0]);

    // Next week: last week's applications stay as they were; a new application starts from 0.
    t.clock.advance(7 * DAY);
    await settle(p, { betNo: betNo('05'), gameType: 'slots', stake: 4_000 });
    expect(await progressOf(waiver.id)).toEqual([1_500]);
    expect((await apply(t, p, waiver.id)).code).toBe(200);
    await settle(p, { betNo: betNo('06'), gameType: 'slots', stake: 800 });
    expect(await progressOf(waiver.id)).toEqual([1_500, 800]);
    expect(await progressOf(slots.id)).toEqual([700]);
  });

  it('costs two statements per settlement, whatever promotions run, whatever the players applied for, however many bets', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    expect(await settle(p, { betNo: betNo('88888'), gameType: 'slots' })).toBe(2);
    expect(await settle(p, { betNo: betNo('12'), gameType: 'taiqiu' })).toBe(2);
    const others = await Promise.all([1, 2, 3].map(() => newTestPlayer(t, { fundPassword: false })));
    const batch = [p, ...others].flatMap((player) =>
      ['88888', '12', '3'].map((ending) => ({
        userId: player.userId,
        betNo: betNo(ending),
        gameType: 'slots' as const,
        stake: 1_000,
        validBet: 1_000,
        settledAt: t.clock.now(),
      })),
    );
    const statements = await inTransaction(t.db, async (tx) => {
      const counted = counting(tx);
      await promotionsOnBetsSettled(counted.tx, t.app.ctx, batch);
      return counted.statements();
    });
    expect(statements).toBe(2);
  });
});
