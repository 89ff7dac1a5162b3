/*
 * The abuse limits hold when an attacker spreads attempts over many addresses
 * (IPv4 and IPv6, an IPv6 client counted by its /64) and many connections and sessions at once.
 * The app runs with the production rate limits and proof-of-work allowance; every burst fires at
 * once, and the test counts what got through: it must be exactly the limit.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, security, serverErrors, withdrawals, type ServerErrorKey } from '@breakshot/contracts';
import { loginFailures } from '../../src/modules/auth/tables.js';
import { smsCodes, smsOutbox } from '../../src/modules/security/tables.js';
import { MAX_FUND_FAILURES } from '../../src/modules/withdrawals/fund-password.js';
import { setWithdrawalsPerDay } from '../../src/modules/withdrawals/settings.js';
import { fundPasswordFailures, withdrawalOrders } from '../../src/modules/withdrawals/tables.js';
import { ATTACK_AT } from '../../src/modules/auth/step-up.js';
import { MAX_FAILURES } from '../../src/platform/failure-lockout.js';
import { FREE_ATTEMPTS, powMax } from '../../src/platform/proof-of-work.js';
import { defaultRateLimits } from '../../src/platform/rate-limit.js';
import { createSession } from '../../src/platform/sessions.js';
import { lastCode, uniqueMobile } from '../helpers/security.js';
import { call, PASSWORD, solvePow, startTestApp, TEST_CAPTCHA, uniqueName, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, bindUsdt, cashOf, fund, FUND_PASSWORD } from '../helpers/withdrawals.js';
import { figure, scale } from './figures.js';

let addresses = 0;
/** A client of its own: every other one an IPv4 address, else an IPv6 address in a /64 of its own. */
function nextIp(): string {
  addresses += 1;
  const n = addresses;
  return n % 2
    ? `198.18.${(n >> 8) & 255}.${n & 255}`
    : `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

let networks = 0;
/** `count` different addresses of one IPv6 /64 (one subscriber rotating through its network). */
function addressesOf64(count: number): string[] {
  networks += 1;
  return Array.from(
    { length: count },
    (_, i) => `2001:db8:ffff:${networks.toString(16)}:${(i + 1).toString(16)}:0:abcd:1`,
  );
}

/** The server error each answer carries ('ok' for 200), counted: `{ ok: 1, smsTooSoon: 39 }`. */
function tally(results: { code: number; msg: string }[]): Record<string, number> {
  const patterns = (Object.keys(serverErrors) as ServerErrorKey[]).map((key) => {
    const template = serverErrors[key]['zh-CN'].replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    return { key, re: new RegExp(`^${template.replace(/\{\w+\}/g, '.+')}$`) };
  });
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = r.code === 200 ? 'ok' : (patterns.find((p) => p.re.test(r.msg))?.key ?? `${r.code} ${r.msg}`);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The i-th wrong code for `code`: each guess a different one. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

interface Client {
  token: string;
  userId: number;
  username: string;
}

describe('abuse limits from many addresses and connections at once (production rate limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      rateLimits: defaultRateLimits,
      proofOfWork: { freeAttempts: FREE_ATTEMPTS },
      adminToken: ADMIN_TEST_TOKEN,
    });
  });
  afterAll(() => t.close());

  /** A player registered from an address of its own (the per-address limits allow a few a minute). */
  async function player(): Promise<Client> {
    const ip = nextIp();
    const username = uniqueName('ab');
    const captcha = await call(t.app, auth.captchaGetCode, {}, { ip });
    const res = await call(
      t.app,
      auth.register,
      { username, password: PASSWORD, captchaId: captcha.data.captchaId, captchaCode: TEST_CAPTCHA },
      { ip },
    );
    if (res.code !== 200) throw new Error(`register failed: ${res.msg}`);
    const info = await call(t.app, auth.userInfo, {}, { token: res.data.token });
    return { token: res.data.token, userId: info.data.id, username };
  }

  /** More sessions of one player, as if logged in on that many devices. */
  async function sessionsOf(p: Client, count: number): Promise<string[]> {
    const sessions = Array.from({ length: count }, () => createSession(t.db, p.userId, t.clock.now()));
    return (await Promise.all(sessions)).map((s) => s.token);
  }

  it(`login: wrong passwords for one account from many addresses at once → ${ATTACK_AT} checked unpaid; every further guess pays a proof of work doubling to 32 × the first step, five per address`, async () => {
    const p = await player();
    const attempts = scale(200, 1000);
    const ips = Array.from({ length: attempts }, nextIp);
    const captchas = await Promise.all(ips.map((ip) => call(t.app, auth.captchaGetCode, {}, { ip })));
    expect(tally(captchas)).toEqual({ ok: attempts });

    // Every spelling of the name counts together.
    const spelling = (i: number) => (i % 3 === 0 ? p.username.toUpperCase() : p.username);
    const guess = (ip: string, i: number, captchaId: string, pow?: auth.PowSolution) =>
      call(
        t.app,
        auth.login,
        { username: spelling(i), password: `wrong${i}`, captchaId, captchaCode: TEST_CAPTCHA, ...(pow ? { pow } : {}) },
        { ip },
      );
    const results = await Promise.all(ips.map((ip, i) => guess(ip, i, captchas[i]!.data.captchaId)));
    // No limit per name tried (it would keep the owner out): the step-up bounds the guesses.
    expect(tally(results)).toEqual({ loginFailed: ATTACK_AT, powRequired: attempts - ATTACK_AT });
    const failures = () => t.db.$count(loginFailures, eq(loginFailures.username, `#${p.userId}`));
    expect(await failures()).toBe(ATTACK_AT);

    // Guesses that pay: each challenge is sized by the failures so far, and an address gets five.
    const base = t.app.ctx.proofOfWork.base;
    const paid = scale(12, 40);
    const payers = Array.from({ length: Math.ceil(paid / MAX_FAILURES) }, nextIp);
    let hashes = 0;
    const answers: { code: number; msg: string }[] = [];
    for (let i = 0; i < paid; i += 1) {
      const ip = payers[Math.floor(i / MAX_FAILURES)]!;
      const challenge = await call(t.app, auth.captchaChallenge, { purpose: 'login', username: p.username }, { ip });
      // The account has ATTACK_AT + i failures: the i-th step.
      expect(challenge.data.max).toBe(powMax(base, i));
      hashes += challenge.data.max / 2;
      const captcha = await call(t.app, auth.captchaGetCode, {}, { ip });
      answers.push(await guess(ip, attempts + i, captcha.data.captchaId, solvePow(challenge.data)));
    }
    // Each address: four wrong answers, and the fifth guess locks it.
    const full = Math.floor(paid / MAX_FAILURES);
    expect(tally(answers)).toEqual({ loginFailed: paid - full, loginLocked: full });
    expect(await failures()).toBe(ATTACK_AT + paid);
    // A locked address is refused before any work.
    const lockedIp = payers[0]!;
    const captcha = await call(t.app, auth.captchaGetCode, {}, { ip: lockedIp });
    expect(tally([await guess(lockedIp, 0, captcha.data.captchaId)])).toEqual({ loginLocked: 1 });
    figure('abuse limits', {
      check: 'login wrong passwords',
      attempts: attempts + paid,
      addresses: attempts + payers.length,
      'checked unpaid': ATTACK_AT,
      'checked with a proof of work': paid,
      'hashes paid (expected)': hashes,
      'per address': MAX_FAILURES,
    });
  });

  it('captcha: parallel requests from one client → exactly the per-address limit answered', async () => {
    const burst = scale(50, 300);
    const perIp = defaultRateLimits.perIp;
    const v4 = '203.0.113.9';
    const clients: Record<string, string[]> = {
      'one IPv4 address': Array<string>(burst).fill(v4),
      'one IPv6 /64': addressesOf64(burst),
      // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d: the same client.
      'IPv4 and its mapped form': Array.from({ length: burst }, (_, i) =>
        i % 2 ? '203.0.113.10' : '::ffff:203.0.113.10',
      ),
    };
    let answered = 0;
    for (const [client, ips] of Object.entries(clients)) {
      const results = await Promise.all(ips.map((ip) => call(t.app, auth.captchaGetCode, {}, { ip })));
      expect(tally(results), client).toEqual({ ok: perIp, tooManyRequests: burst - perIp });
      answered += perIp;
    }
    // Another client is not held back by them.
    expect((await call(t.app, auth.captchaGetCode, {}, { ip: nextIp() })).code).toBe(200);
    figure('abuse limits', {
      check: 'captcha per client',
      attempts: burst * 3,
      clients: 3,
      'got through': answered,
      limit: perIp * 3,
    });
  });

  it('SMS: one mobile asked from many sessions and addresses at once → one code a minute, ten a day', async () => {
    const players = await Promise.all(Array.from({ length: scale(20, 60) }, player));
    const mobile = uniqueMobile();
    const rounds = security.SMS_DAILY_LIMIT + 2;
    const sentPerRound: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const results = await Promise.all(
        players.map((p) =>
          call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token: p.token, ip: nextIp() }),
        ),
      );
      const counts = tally(results);
      sentPerRound.push(counts.ok ?? 0);
      const refusal = round < security.SMS_DAILY_LIMIT ? 'smsTooSoon' : 'smsDailyLimit';
      expect(counts[refusal], `round ${round}`).toBe(players.length - (counts.ok ?? 0));
      t.clock.advance((security.SMS_RESEND_SECONDS + 1) * 1000);
    }
    const sent = await t.db.$count(smsOutbox, eq(smsOutbox.mobile, mobile));
    expect(sentPerRound).toEqual([...Array<number>(security.SMS_DAILY_LIMIT).fill(1), 0, 0]);
    expect(sent).toBe(security.SMS_DAILY_LIMIT);
    figure('abuse limits', {
      check: 'SMS per mobile a day',
      attempts: players.length * rounds,
      sessions: players.length,
      addresses: players.length * rounds,
      'got through': sent,
      limit: security.SMS_DAILY_LIMIT,
    });
  });

  it('SMS: many mobiles asked from one client rotating its addresses → ten a day per client', async () => {
    // At most the per-address rate limit (30 a minute), which would otherwise answer first.
    const askers = scale(15, defaultRateLimits.perIp);
    const players = await Promise.all(Array.from({ length: askers }, player));
    const mobiles = players.map(() => uniqueMobile());
    const clients: Record<string, string[]> = {
      'one IPv6 /64': addressesOf64(askers),
      'IPv4 and its mapped form': Array.from({ length: askers }, (_, i) =>
        i % 2 ? '203.0.113.20' : '::ffff:203.0.113.20',
      ),
    };
    let sent = 0;
    for (const [client, ips] of Object.entries(clients)) {
      const results = await Promise.all(
        players.map((p, i) =>
          call(t.app, security.sendSmsCode, { purpose: 'bind', mobile: mobiles[i]! }, { token: p.token, ip: ips[i]! }),
        ),
      );
      expect(tally(results), client).toEqual({
        ok: security.SMS_DAILY_LIMIT,
        smsDailyLimit: askers - security.SMS_DAILY_LIMIT,
      });
      const inOutbox = await t.db.$count(smsOutbox, inArray(smsOutbox.mobile, mobiles));
      expect(inOutbox - sent, client).toBe(security.SMS_DAILY_LIMIT);
      sent = inOutbox;
      // The next client's sends go to the same mobiles: past their resend wait.
      t.clock.advance((security.SMS_RESEND_SECONDS + 1) * 1000);
    }
    figure('abuse limits', {
      check: 'SMS per client a day',
      attempts: askers * 2,
      clients: 2,
      'got through': sent,
      limit: security.SMS_DAILY_LIMIT * 2,
    });
  });

  it('SMS code: wrong guesses from many sessions of one player at once → five tries, then the code is dead', async () => {
    const p = await player();
    const mobile = uniqueMobile();
    expect(
      (await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token: p.token, ip: nextIp() })).code,
    ).toBe(200);
    const code = (await lastCode(t, mobile))!;
    const guesses = scale(50, 300);
    const tokens = await sessionsOf(p, guesses);
    const results = await Promise.all(
      tokens.map((token, i) =>
        call(t.app, security.bindMobile, { mobile, code: wrongCode(code, i) }, { token, ip: nextIp() }),
      ),
    );
    expect(tally(results)).toEqual({
      smsCodeWrong: security.SMS_MAX_TRIES - 1,
      smsCodeTries: guesses - security.SMS_MAX_TRIES + 1,
    });
    const [row] = await t.db
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.userId, p.userId)));
    expect(row?.attempts).toBe(security.SMS_MAX_TRIES);
    // The right code no longer works.
    expect(tally([await call(t.app, security.bindMobile, { mobile, code }, { token: p.token })])).toEqual({
      smsCodeTries: 1,
    });
    figure('abuse limits', {
      check: 'SMS code guesses',
      attempts: guesses,
      sessions: guesses,
      'got through': row?.attempts ?? 0,
      limit: security.SMS_MAX_TRIES,
    });
  });

  it('fund password: wrong guesses from many sessions of one player at once → five checked, then locked', async () => {
    const p = await player();
    const set = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(set.code).toBe(200);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 100_000);
    const guesses = scale(50, 300);
    const tokens = await sessionsOf(p, guesses);
    const results = await Promise.all(
      tokens.map((token, i) =>
        call(
          t.app,
          withdrawals.addWithdraw,
          { accountId, amount: 10_000, fundPassword: String(200_000 + i) },
          { token, ip: nextIp() },
        ),
      ),
    );
    expect(tally(results)).toEqual({
      fundPasswordWrong: MAX_FUND_FAILURES - 1,
      fundPasswordLocked: guesses - MAX_FUND_FAILURES + 1,
    });
    const checked = await t.db.$count(fundPasswordFailures, eq(fundPasswordFailures.userId, p.userId));
    expect(checked).toBe(MAX_FUND_FAILURES);
    // Locked: the right one is refused too, and nothing was withdrawn.
    const right = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 10_000, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(tally([right])).toEqual({ fundPasswordLocked: 1 });
    expect(await cashOf(t, p)).toEqual({ balance: 100_000, frozen: 0 });
    figure('abuse limits', {
      check: 'fund password guesses',
      attempts: guesses,
      sessions: guesses,
      'got through': checked,
      limit: MAX_FUND_FAILURES,
    });
  });

  it('withdrawals: many at once from many sessions → exactly the daily count, then exactly what the balance covers', async () => {
    /** The orders a player has: what got through. */
    const ordersOf = (p: Client) => t.db.$count(withdrawalOrders, eq(withdrawalOrders.userId, p.userId));
    const amount = 10_000;
    const burst = scale(50, 300);
    const perDay = 3;
    await setWithdrawalsPerDay(t.db, 0, perDay);

    const counted = await player();
    await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: FUND_PASSWORD },
      { token: counted.token },
    );
    const countedAccount = await bindUsdt(t, counted);
    await fund(t, counted.username, amount * burst);
    const before = await rowCount(t.db, 'withdrawal_orders');
    const byCount = await Promise.all(
      (await sessionsOf(counted, burst)).map((token) =>
        call(
          t.app,
          withdrawals.addWithdraw,
          { accountId: countedAccount, amount, fundPassword: FUND_PASSWORD },
          { token, ip: nextIp() },
        ),
      ),
    );
    expect(tally(byCount)).toEqual({ ok: perDay, withdrawDailyLimit: burst - perDay });
    const countedOrders = await ordersOf(counted);
    expect(countedOrders).toBe(perDay);
    expect(await cashOf(t, counted)).toEqual({ balance: amount * (burst - perDay), frozen: amount * perDay });

    // Enough withdrawals a day: the balance (2.5 withdrawals' worth) is what limits them.
    const covered = 2;
    await setWithdrawalsPerDay(t.db, 0, burst);
    const funded = await player();
    await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: FUND_PASSWORD },
      { token: funded.token },
    );
    const fundedAccount = await bindUsdt(t, funded);
    await fund(t, funded.username, amount * (covered + 0.5));
    const byBalance = await Promise.all(
      (await sessionsOf(funded, burst)).map((token) =>
        call(
          t.app,
          withdrawals.addWithdraw,
          { accountId: fundedAccount, amount, fundPassword: FUND_PASSWORD },
          { token, ip: nextIp() },
        ),
      ),
    );
    expect(tally(byBalance)).toEqual({ ok: covered, insufficientBalance: burst - covered });
    const fundedOrders = await ordersOf(funded);
    expect(fundedOrders).toBe(covered);
    expect(await cashOf(t, funded)).toEqual({ balance: amount / 2, frozen: amount * covered });

    expect(await rowCount(t.db, 'withdrawal_orders')).toBe(before + perDay + covered);
    await expectLedgerOk(t.db);
    figure('abuse limits', {
      check: 'withdrawals a day',
      attempts: burst,
      sessions: burst,
      'got through': countedOrders,
      limit: perDay,
    });
    figure('abuse limits', {
      check: 'withdrawals over the balance',
      attempts: burst,
      sessions: burst,
      'got through': fundedOrders,
      limit: covered,
    });
  });
});
