import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, limits, limitsAdmin, payments } from '@breakshot/contracts';
import { createSession } from '../../src/platform/sessions.js';
import { channelOf, sandboxCallback } from '../helpers/payments.js';
import { fundedPlayer, newMatch, placeBet } from '../helpers/taiqiu.js';
import { call, captchaId, PASSWORD, startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';
import { rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('responsible gaming', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(() => t.close());
  // Wednesday 12:00 in Shanghai (the site's zone): a day and a week stay the same for hours.
  beforeEach(() => t.clock.advance(Date.parse('2027-03-10T04:00:00Z') - t.clock.now().getTime()));

  const login = async (username: string, lang?: string) =>
    call(
      t.app,
      auth.login,
      { username, password: PASSWORD, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA },
      lang ? { lang } : {},
    );

  const setLimits = (p: TestPlayer, body: Record<string, unknown>) => call(t.app, limits.set, body, { token: p.token });

  /** Starts a sandbox order and pays it, so it counts whatever the clock does; returns the envelope. */
  async function deposit(p: TestPlayer, amount: number) {
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const started = await call(t.app, payments.startPay, { channelId: channel.id, amount }, { token: p.token });
    if (started.code === 200) await sandboxCallback(t.app, { orderNo: started.data.orderNo, amount });
    return started;
  }

  it('a first and a lowered deposit limit apply at once; a raised one only after 24 hours', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    expect((await setLimits(p, { kind: 'deposit', week: 50_000 })).code).toBe(200);
    expect((await deposit(p, 30_000)).code).toBe(200);
    const over = await deposit(p, 30_000);
    expect(over).toMatchObject({ code: 422, data: { field: 'amount' } });
    expect(over.msg).toBe('超出每周充值限额 500.00，本周还可充值 200.00');

    // Lowered: at once.
    await setLimits(p, { kind: 'deposit', week: 40_000 });
    expect((await deposit(p, 15_000)).code).toBe(422);
    expect((await deposit(p, 10_000)).code).toBe(200);

    // Raised: kept pending for 24 hours, shown with its time.
    const raised = await setLimits(p, { kind: 'deposit', week: 100_000 });
    const week = raised.data.deposit.find((d) => d.period === 'week');
    expect(week).toEqual({
      period: 'week',
      amount: 40_000,
      pending: { amount: 100_000, from: new Date(t.clock.now().getTime() + DAY).toISOString() },
      used: 40_000,
    });
    const en = await call(
      t.app,
      payments.startPay,
      { channelId: (await channelOf(t.app, p.token, 'sandbox')).id, amount: 10_000 },
      { token: p.token, lang: 'en' },
    );
    expect(en.msg).toBe('This is over your weekly deposit limit of 400.00; you can deposit 0.00 more this week');
    t.clock.advance(DAY - 60_000);
    expect((await deposit(p, 10_000)).code).toBe(422);
    t.clock.advance(60_000);
    expect((await deposit(p, 10_000)).code).toBe(200);
    const after = await call(t.app, limits.get, {}, { token: p.token });
    expect(after.data.deposit.find((d) => d.period === 'week')).toEqual({
      period: 'week',
      amount: 100_000,
      pending: null,
      used: 50_000,
    });
  });

  it('a removal waits 24 hours too; the day limit counts only today', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    await setLimits(p, { kind: 'deposit', day: 20_000 });
    expect((await deposit(p, 20_000)).code).toBe(200);
    const removed = await setLimits(p, { kind: 'deposit' });
    expect(removed.data.deposit[0]).toMatchObject({ period: 'day', amount: 20_000, pending: { amount: null } });
    const refused = await deposit(p, 1_000);
    expect(refused.msg).toBe('超出每日充值限额 200.00，今日还可充值 0.00');
    t.clock.advance(DAY);
    expect((await deposit(p, 500_000)).code).toBe(200);
    expect((await call(t.app, limits.get, {}, { token: p.token })).data.deposit[0]).toMatchObject({
      amount: null,
      pending: null,
    });
  });

  it('self-exclusion ends every session, refuses login until its end (date in the message), then allows it', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const other = (await login(p.username)).data.token;
    const wrong = await setLimits(p, { kind: 'exclusion', days: 7, password: 'wrong-pass1' });
    expect(wrong).toMatchObject({ code: 400, data: { field: 'password' } });
    expect((await setLimits(p, { kind: 'exclusion', days: 5, password: PASSWORD })).data).toMatchObject({
      field: 'days',
    });

    const started = t.clock.now();
    const res = await setLimits(p, { kind: 'exclusion', days: 7, password: PASSWORD });
    expect(res.code).toBe(200);
    const until = new Date(started.getTime() + 7 * DAY);
    expect(res.data.exclusion).toEqual({ from: started.toISOString(), until: until.toISOString() });
    for (const token of [p.token, other]) {
      expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(401);
    }

    // 2027-03-17 12:00 in Shanghai.
    const refused = await login(p.username);
    expect(refused).toMatchObject({ code: 403, msg: '您已申请自我排除，2027-03-17 12:00 之前不能登录' });
    expect((await login(p.username, 'en')).msg).toBe(
      'You have excluded yourself; you cannot log in before 2027-03-17 12:00',
    );
    // A wrong password does not reveal the exclusion.
    const guess = await call(t.app, auth.login, {
      username: p.username,
      password: 'nope12345',
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
    });
    expect(guess.code).toBe(400);

    // Nobody can lift it early: the operator sees it, read only.
    const seen = await adminCall(t.app, limitsAdmin.playerLimits, { username: p.username });
    expect(seen.data).toMatchObject({ username: p.username, exclusion: { until: until.toISOString() } });

    t.clock.advance(7 * DAY - 60_000);
    expect((await login(p.username)).code).toBe(403);
    t.clock.advance(60_000);
    const back = await login(p.username);
    expect(back.code).toBe(200);
    expect((await call(t.app, limits.get, {}, { token: back.data.token })).data.exclusion).toBeNull();
  });

  it('a bet is refused during a self-exclusion, even from a session that was not ended', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    await setLimits(player, { kind: 'exclusion', days: 30, password: PASSWORD });
    // A session that escaped the revocation (defence in depth behind the refused login).
    const { token } = await createSession(t.db, player.userId, t.clock.now());
    const before = await rowCount(t.db, 'bets');
    const res = await placeBet(t, { ...player, token }, match, 'winner', 'a', 1_000);
    expect(res).toMatchObject({ code: 403 });
    expect(res.msg).toMatch(/^自我排除期间（至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）不能投注$/);
    expect(await rowCount(t.db, 'bets')).toBe(before);
  });

  it('the reality reminder is set and turned off; bad values name the field', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    expect((await setLimits(p, { kind: 'reminder', minutes: 30 })).data.reminderMinutes).toBe(30);
    expect((await setLimits(p, { kind: 'reminder', minutes: 0 })).data.reminderMinutes).toBeNull();
    expect(await setLimits(p, { kind: 'reminder', minutes: 20 })).toMatchObject({
      code: 400,
      data: { field: 'minutes' },
    });
    expect(await setLimits(p, { kind: 'deposit', day: -5 })).toMatchObject({ code: 400, data: { field: 'day' } });
  });

  it('each call acts on the caller only', async () => {
    const a = await newTestPlayer(t, { fundPassword: false });
    const b = await newTestPlayer(t, { fundPassword: false });
    await setLimits(a, { kind: 'deposit', day: 10_000 });
    await setLimits(a, { kind: 'reminder', minutes: 15 });
    const other = await call(t.app, limits.get, {}, { token: b.token });
    expect(other.data).toEqual({
      deposit: [
        { period: 'day', amount: null, pending: null, used: 0 },
        { period: 'week', amount: null, pending: null, used: 0 },
        { period: 'month', amount: null, pending: null, used: 0 },
      ],
      exclusion: null,
      reminderMinutes: null,
    });
    expect((await deposit(b, 50_000)).code).toBe(200);
    expect((await call(t.app, limits.get, {}, { token: a.token })).data.deposit[0]).toMatchObject({ used: 0 });
  });
});
