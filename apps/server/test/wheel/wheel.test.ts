import { createHash, createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, wheelAdmin, rewards } from '@breakshot/contracts';
import { daySeed } from '../../src/modules/wheel/days.js';
import { earnDepositSpin } from '../../src/modules/wheel/service.js';
import { wheelDays } from '../../src/modules/wheel/tables.js';
import { inTransaction } from '../../src/platform/db.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { DAY, siteDate, toSiteTime } from '../helpers/rewards.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { adminCall, newTestPlayer, startWithdrawApp, type TestPlayer } from '../helpers/withdrawals.js';

/** An outsider's check of one draw: only sha256, HMAC-SHA256 and the published rule. */
function outsiderIndex(serverSeed: string, clientSeed: string, nonce: number, weights: number[]): number {
  const x = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest().readUInt32BE(0) / 2 ** 32;
  let at = x * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i += 1) {
    at -= weights[i]!;
    if (at < 0) return i;
  }
  return weights.length - 1;
}

const SEEDED_PRIZES = [
  ['谢谢参与', 'Try again', 0, 6_000],
  ['¥0.88', '¥0.88', 88, 2_500],
  ['¥1.88', '¥1.88', 188, 900],
  ['¥3.88', '¥3.88', 388, 400],
  ['¥8.88', '¥8.88', 888, 150],
  ['¥18.88', '¥18.88', 1_888, 40],
  ['¥88', '¥88', 8_800, 8],
  ['¥188', '¥188', 18_800, 2],
] as const;
const seededPrizes = SEEDED_PRIZES.map(([labelZh, labelEn, amount, weight]) => ({
  labelZh,
  labelEn,
  amount,
  weight,
  turnoverMultiple: amount === 0 ? 0 : 1,
}));

describe('daily wheel (天天转)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(() => t.close());

  const info = (p: TestPlayer, lang?: string) =>
    call(t.app, rewards.spinInfo, {}, { token: p.token, ...(lang ? { lang } : {}) });
  const draw = (p: TestPlayer, clientSeed?: string) =>
    call(t.app, rewards.spinDrawCall, clientSeed ? { clientSeed } : {}, { token: p.token });
  const records = (p: TestPlayer) => call(t.app, rewards.spinRecords, { pageSize: 50 }, { token: p.token });
  let orders = 0;
  const depositSpin = (p: TestPlayer, amount = rewards.SPIN_DEPOSIT_MIN, orderNo = `W${p.userId}-${(orders += 1)}`) =>
    inTransaction(t.db, (tx) =>
      earnDepositSpin(tx, t.app.ctx, { userId: p.userId, amount, orderNo, at: t.clock.now() }),
    );
  /** The player's seed of the day, read from the database and opened. */
  const seedOf = async (p: TestPlayer, date: string) => {
    const [day] = await t.db
      .select()
      .from(wheelDays)
      .where(and(eq(wheelDays.userId, p.userId), eq(wheelDays.date, date)));
    return daySeed(t.app.ctx.secrets, day!);
  };
  const setPrizes = (weights: number[]) =>
    adminCall(t.app, wheelAdmin.spinPrizesSave, {
      prizes: seededPrizes.map((p, i) => ({ ...p, weight: weights[i] })),
    });

  it('draws are checkable from the day’s seed once the day has ended, and not before', async () => {
    toSiteTime(t, 12);
    const p = await newTestPlayer(t);
    for (let i = 0; i < 3; i += 1) await depositSpin(p);
    const before = (await info(p)).data;
    const date = before.date;
    expect(before).toMatchObject({
      spinsLeft: 4,
      free: 1,
      fromDeposits: 3,
      used: 0,
      depositMin: 10_000,
      depositMax: 5,
    });
    expect(before.today.date).toBe(date);
    const seed = await seedOf(p, date);

    const answers = [await draw(p, 'my own seed'), await draw(p), await draw(p, 'another'), await draw(p)];
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.data.nonce)).toEqual([0, 1, 2, 3]);
    expect(answers.map((a) => a.data.spinsLeft)).toEqual([3, 2, 1, 0]);
    expect(answers[0]!.data.clientSeed).toBe('my own seed');
    expect(answers[1]!.data.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(answers[1]!.data.clientSeed).not.toBe(answers[3]!.data.clientSeed);

    // The same day: the seed appears in no answer (draws, records, the wheel page).
    const sameDay = [...answers, await records(p), await info(p), await info(p, 'en')];
    for (const a of sameDay) expect(JSON.stringify(a)).not.toContain(seed);
    expect(
      (await records(p)).data.list.every((d) => d.serverSeed === null && d.seedHash === before.today.seedHash),
    ).toBe(true);
    // One millisecond before the site's midnight, still hidden.
    toSiteTime(t, 23, 59);
    t.clock.advance(59_999);
    expect(siteDate(t.clock.now())).toBe(date);
    expect(JSON.stringify(await records(p))).not.toContain(seed);
    expect((await info(p)).data.yesterday?.serverSeed).not.toBe(seed);

    // The next day: revealed, and every draw recomputes as an outsider would.
    t.clock.advance(1);
    const next = (await info(p)).data;
    expect(next.yesterday).toEqual({ date, seedHash: before.today.seedHash, serverSeed: seed });
    expect(next.today.seedHash).not.toBe(before.today.seedHash);
    const revealed = (await records(p)).data.list;
    expect(revealed).toHaveLength(4);
    for (const d of revealed) {
      expect(d.serverSeed).not.toBeNull();
      expect(createHash('sha256').update(d.serverSeed!).digest('hex')).toBe(d.seedHash);
      expect(d.prizeIndex).toBe(outsiderIndex(d.serverSeed!, d.clientSeed, d.nonce, d.weights));
      expect(d.weights).toEqual(SEEDED_PRIZES.map((x) => x[3]));
      expect(d.amount).toBe(SEEDED_PRIZES[d.prizeIndex]![2]);
    }
  });

  it('each player draws from their own seed: copying a winner’s client seed and nonce copies nothing', async () => {
    toSiteTime(t, 12);
    const [a, b] = [await newTestPlayer(t), await newTestPlayer(t)];
    const [ia, ib] = [(await info(a)).data, (await info(b)).data];
    expect(ia.today.seedHash).not.toBe(ib.today.seedHash);
    const [da, db] = [(await draw(a, 'shared seed')).data, (await draw(b, 'shared seed')).data];
    expect([da.nonce, db.nonce]).toEqual([0, 0]);
    expect([da.seedHash, db.seedHash]).toEqual([ia.today.seedHash, ib.today.seedHash]);
    // Each outcome follows its own player's seed.
    const date = siteDate(t.clock.now());
    for (const [p, d] of [
      [a, da],
      [b, db],
    ] as const) {
      expect(d.prizeIndex).toBe(outsiderIndex(await seedOf(p, date), 'shared seed', 0, d.weights));
    }
  });

  it('spins cannot be drawn beyond those earned, even with 10 draws at once', async () => {
    toSiteTime(t, 12);
    const p = await newTestPlayer(t);
    expect((await draw(p)).code).toBe(200);
    expect(await draw(p)).toMatchObject({ code: 409, msg: '今日抽奖次数已用完，充值满 ¥100.00 可再得一次' });

    const q = await newTestPlayer(t);
    await depositSpin(q);
    await depositSpin(q);
    const answers = await Promise.all(Array.from({ length: 10 }, () => draw(q)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(7);
    expect((await records(q)).data.list.map((d) => d.nonce).sort()).toEqual([0, 1, 2]);
    expect((await info(q)).data).toMatchObject({ spinsLeft: 0, used: 3, fromDeposits: 2 });
    // A new day brings the free spin back.
    t.clock.advance(DAY);
    expect((await info(q)).data).toMatchObject({ spinsLeft: 1, used: 0, fromDeposits: 0 });
  });

  it('deposits earn spins: at least the minimum, at most five a day, each order once', async () => {
    toSiteTime(t, 12);
    const p = await newTestPlayer(t);
    await depositSpin(p, rewards.SPIN_DEPOSIT_MIN - 1);
    expect((await info(p)).data.fromDeposits).toBe(0);
    await depositSpin(p, rewards.SPIN_DEPOSIT_MIN, 'same-order');
    await depositSpin(p, rewards.SPIN_DEPOSIT_MIN, 'same-order');
    expect((await info(p)).data.fromDeposits).toBe(1);
    for (let i = 0; i < 6; i += 1) await depositSpin(p);
    expect((await info(p)).data).toMatchObject({ fromDeposits: 5, spinsLeft: 6 });
    // Every spin used: no deposit can earn another today, and the refusal says so.
    for (let i = 0; i < 6; i += 1) expect((await draw(p)).code).toBe(200);
    expect(await draw(p)).toMatchObject({ code: 409, msg: '今日抽奖次数已用完，明天再来' });

    // Through a real deposit, credited once however often the gateway calls back.
    const q = await newTestPlayer(t);
    const channel = await channelOf(t.app, q.token, 'sandbox');
    const order = await startPay(t.app, q.token, channel.id, 50_000);
    for (let i = 0; i < 2; i += 1) {
      expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 50_000 })).statusCode).toBe(200);
    }
    expect((await info(q)).data).toMatchObject({ fromDeposits: 1, spinsLeft: 2 });
  });

  it('a cash prize becomes a reward of 7 days; winners are shown masked', async () => {
    toSiteTime(t, 12);
    const p = await newTestPlayer(t);
    expect((await setPrizes([0, 0, 0, 0, 1, 0, 0, 0])).code).toBe(200);
    try {
      const won = (await draw(p)).data;
      expect(won).toMatchObject({ prizeIndex: 4, amount: 888, label: '¥8.88' });
      const list = (await call(t.app, rewards.rewardList, {}, { token: p.token, lang: 'en' })).data.list;
      expect(list).toEqual([
        expect.objectContaining({
          id: won.rewardId,
          source: 'spin',
          title: 'Daily wheel ¥8.88',
          amount: 888,
          turnoverMultiple: 1,
          expiresAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
        }),
      ]);
      const winners = (await info(p)).data.winners;
      expect(winners[0]).toMatchObject({ amount: 888, label: '¥8.88' });
      expect(winners[0]!.username).toBe(`${p.username.slice(0, 2)}****${p.username.slice(-2)}`);

      await depositSpin(p);
      await setPrizes([1, 0, 0, 0, 0, 0, 0, 0]);
      const nothing = (await draw(p)).data;
      expect(nothing).toMatchObject({ prizeIndex: 0, amount: 0, rewardId: null, weights: [1, 0, 0, 0, 0, 0, 0, 0] });
      expect((await call(t.app, rewards.rewardList, {}, { token: p.token })).data.total).toBe(1);
    } finally {
      await setPrizes(seededPrizes.map((x) => x.weight));
    }
  });

  it('the operator sees chances and the mean prize, and saves prizes (audited; all weights 0 refused)', async () => {
    const listed = (await adminCall(t.app, wheelAdmin.spinPrizesList, {})).data;
    expect(listed.prizes).toEqual(seededPrizes.map((x, index) => ({ index, ...x })));
    expect(listed.chances[0]).toBeCloseTo(0.6);
    expect(listed.expectedValue).toBeCloseTo(86.112);

    const zero = await setPrizes([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(zero).toMatchObject({ code: 400 });
    const seven = await adminCall(t.app, wheelAdmin.spinPrizesSave, { prizes: seededPrizes.slice(0, 7) });
    expect(seven).toMatchObject({ code: 400 });

    const renamed = seededPrizes.map((x, i) => (i === 0 ? { ...x, labelZh: '再接再厉', labelEn: 'Next time' } : x));
    const saved = await adminCall(t.app, wheelAdmin.spinPrizesSave, { prizes: renamed });
    expect(saved.code).toBe(200);
    const p = await newTestPlayer(t);
    expect((await info(p, 'en')).data.prizes[0]).toEqual({ index: 0, label: 'Next time', amount: 0 });
    const audit = await adminCall(t.app, playersAdmin.auditList, { action: 'wheel.prizes.save' });
    // The newest: the rename (the refused saves above left no row).
    expect(audit.data.list[0]).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      before: { prizes: expect.arrayContaining([expect.objectContaining({ labelZh: '谢谢参与' })]) },
      after: { prizes: expect.arrayContaining([expect.objectContaining({ labelZh: '再接再厉' })]) },
    });
    await adminCall(t.app, wheelAdmin.spinPrizesSave, { prizes: seededPrizes });
  });
});
