import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, profile, security } from '@breakshot/contracts';
import { createSession, SESSION_TTL_MS } from '../../src/platform/sessions.js';
import { sessions } from '../../src/platform/tables.js';
import { sha256 } from '../../src/platform/tokens.js';
import { getWssToken, listenLocal, openLive, waitForSockets, type LiveClient } from '../helpers/live-client.js';
import { tableNames } from '../helpers/counts.js';
import { newOperator } from '../helpers/operators.js';
import { launchToken, registerTestProvider } from '../helpers/provider.js';
import { bindTestMobile, lastCode, sendResetCode, uniqueMobile } from '../helpers/security.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
} from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { figure, scale } from './figures.js';
import { tablesHolding, tokenStats, TOKEN_FORMAT } from './sessions/tokens.js';

/*
 * Session tokens are unguessable and stored only as hashes; a session ends
 * 10 days after login whatever its use, on logout, and (every other session of the player) on a
 * password change or reset; and the live connection of an ended session is closed by the server.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NEW_PASSWORD = 'newSecret456';
const EXPIRED = 'Your session has expired, please log in again';

describe('session security', () => {
  let t: TestApp;
  let base: string;
  const counts = {
    tokens: 0,
    distinct: 0,
    'estimated bits': 0,
    'tables scanned': 0,
    'raw tokens found': 0,
    'expiry checks': 0,
    'ended sessions refused': 0,
    'sockets closed': 0,
  };

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    base = await listenLocal(t.app);
  });
  afterAll(async () => {
    figure('session security', counts);
    await t?.close();
  });

  const login = async (username: string, password = PASSWORD) =>
    call(t.app, auth.login, { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA });
  const sessionOf = async (username: string) => {
    const res = await login(username);
    if (res.code !== 200) throw new Error(`login failed: ${res.msg}`);
    return res.data.token;
  };
  const info = (token: string) => call(t.app, auth.userInfo, {}, { token, lang: 'en' });

  /** A session's answer must be a 401 "expired", with no data; counted. */
  async function expectEnded(token: string, why: string): Promise<void> {
    expect({ why, answer: await info(token) }).toEqual({ why, answer: { code: 401, msg: EXPIRED, data: null } });
    counts['ended sessions refused'] += 1;
  }

  /** The close code of the socket within 5 s, or 'open'. */
  async function closeOf(live: LiveClient): Promise<number | 'open'> {
    const timeout = new Promise<'open'>((r) => setTimeout(() => r('open'), 5_000).unref());
    const closed = await Promise.race([live.closed.then((c) => c.code), timeout]);
    if (closed !== 'open') counts['sockets closed'] += 1;
    return closed;
  }

  async function liveSocket(token: string): Promise<LiveClient> {
    return openLive(base, await getWssToken(t.app, token));
  }

  /** Still open: it answers a ping. */
  async function answersPing(live: LiveClient): Promise<boolean> {
    live.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
    return (await live.next()) === 'pong';
  }

  const n = scale(1_000, 10_000);
  it(
    `tokens carry ≥ 128 random bits: ${n} sessions, all distinct, no pattern`,
    async () => {
      const username = uniqueName('en');
      const tokens = [await registerUser(t.app, username), await sessionOf(username)];
      const userId = (await info(tokens[0] as string)).data.id;
      // The rest straight from createSession, which register and login call (a login per token
      // would spend most of the time drawing captchas).
      while (tokens.length < n) tokens.push((await createSession(t.db, userId, t.clock.now())).token);
      counts.tokens = tokens.length;
      counts.distinct = new Set(tokens).size;
      expect(counts.distinct).toBe(n);
      expect(tokens.filter((s) => !TOKEN_FORMAT.test(s))).toEqual([]);
      for (const token of tokens.slice(-3)) expect((await info(token)).data.username).toBe(username);

      const stats = tokenStats(tokens);
      counts['estimated bits'] = stats.estimatedBits;
      expect(stats.encodedBits).toBeGreaterThanOrEqual(128);
      expect(stats.estimatedBits).toBeGreaterThanOrEqual(128);
      // Every position varies (a base64url character carries 6 bits; a 256-bit token's last only 4).
      expect(stats.fewestAtAPosition).toBeGreaterThanOrEqual(16);
      // Random 43-character tokens: two of 10,000 sharing 8 leading characters is a pattern.
      expect(stats.longestSharedPrefix).toBeLessThan(8);
    },
    scale(20_000, 120_000),
  );

  it('no table holds a token as it was handed out: only its SHA-256', async () => {
    const username = uniqueName('st');
    const registered = await registerUser(t.app, username);
    const mobile = uniqueMobile();
    await bindTestMobile(t, registered, mobile);
    expect((await sendResetCode(t.app, username, mobile)).code).toBe(200);
    const code = await lastCode(t, mobile);
    const verify = await call(t.app, security.forgetPassword, { step: 'verify', username, mobile, code });
    const provider = await registerTestProvider(t);
    const player = { token: await sessionOf(username), username, userId: (await info(registered)).data.id };
    const operator = await newOperator(t, uniqueName('op'), 'risk');

    // Each kind of bearer token the server hands out, and the table that keeps its hash.
    const handedOut: Record<string, { token: string; table: string }> = {
      'session (register)': { token: registered, table: 'sessions' },
      'session (login)': { token: player.token, table: 'sessions' },
      'live ticket': { token: await getWssToken(t.app, player.token), table: 'live_tickets' },
      'password reset token': { token: String(verify.data.resetToken), table: 'password_reset_tokens' },
      'game launch token': { token: await launchToken(t, player, provider.slot), table: 'game_tokens' },
      'operator console session': { token: operator.session, table: 'operator_sessions' },
    };
    const tables = await tableNames(t.db);
    counts['tables scanned'] = tables.length;
    expect(tables).toEqual(expect.arrayContaining(['sessions', 'live_tickets', 'operator_sessions']));
    for (const [kind, { token, table }] of Object.entries(handedOut)) {
      const raw = await tablesHolding(t.db, tables, token);
      counts['raw tokens found'] += raw.length;
      // The scan finds what is there: the hash, in its table.
      const hashed = await tablesHolding(t.db, tables, sha256(token));
      expect({ kind, raw, hashed }).toEqual({ kind, raw: [], hashed: [table] });
    }
  });

  it('a session lasts 10 days from login, however much it is used; then 401', async () => {
    const username = uniqueName('ex');
    const token = await registerUser(t.app, username);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * DAY);
    expect(SESSION_TTL_MS).toBe(10 * DAY);

    // Used every day: activity does not move the end (docs/design.md §7: they expire after 10 days).
    for (let day = 1; day < 10; day += 1) {
      t.clock.advance(DAY);
      expect({ day, code: (await info(token)).code }).toEqual({ day, code: 200 });
      counts['expiry checks'] += 1;
    }
    t.clock.advance(DAY - MINUTE);
    expect((await info(token)).code, '10 days minus a minute').toBe(200);
    expect((await call(t.app, auth.getWss, {}, { token })).code).toBe(200);
    t.clock.advance(MINUTE);
    await expectEnded(token, 'at 10 days');
    t.clock.advance(MINUTE);
    await expectEnded(token, '10 days and a minute');
    expect((await call(t.app, auth.getWss, {}, { token })).code).toBe(401);
    expect((await call(t.app, auth.userLogout, {}, { token })).code).toBe(401);
    counts['expiry checks'] += 4;

    // Logging in again makes a new session; the old one stays ended.
    const fresh = await sessionOf(username);
    expect((await info(fresh)).code).toBe(200);
    await expectEnded(token, 'after a new login');
  });

  it("logout ends that session and closes its live connection; the player's other sessions stay", async () => {
    const username = uniqueName('lo');
    const phone = await registerUser(t.app, username);
    const laptop = await sessionOf(username);
    const userId = (await info(phone)).data.id;
    const phoneLive = await liveSocket(phone);
    const laptopLive = await liveSocket(laptop);
    const unused = await getWssToken(t.app, phone);
    await waitForSockets(t.app, userId, 2);

    expect(await call(t.app, auth.userLogout, {}, { token: phone })).toEqual({ code: 200, msg: 'ok', data: {} });
    await expectEnded(phone, 'logged out');
    expect(await closeOf(phoneLive), 'the logged-out socket').toBe(4000);
    await expect(openLive(base, unused), 'a ticket of the ended session').rejects.toThrow(/401/);
    expect((await info(laptop)).code).toBe(200);
    expect(await answersPing(laptopLive)).toBe(true);
    await waitForSockets(t.app, userId, 1);
    laptopLive.socket.close(1000);
  });

  it('a password change ends every other session of the player and closes their sockets; this one stays', async () => {
    const username = uniqueName('pw');
    const here = await registerUser(t.app, username);
    const others = [await sessionOf(username), await sessionOf(username)];
    const bystander = await registerUser(t.app);
    const userId = (await info(here)).data.id;
    const hereLive = await liveSocket(here);
    const otherLive = await Promise.all(others.map(liveSocket));
    const bystanderLive = await liveSocket(bystander);
    await waitForSockets(t.app, userId, 3);

    const changed = await call(
      t.app,
      profile.changePassword,
      { oldPassword: PASSWORD, password: NEW_PASSWORD },
      { token: here },
    );
    expect(changed).toEqual({ code: 200, msg: 'ok', data: { sessionsEnded: 2 } });
    for (const token of others) await expectEnded(token, 'another session at the password change');
    for (const live of otherLive) expect(await closeOf(live), "another session's socket").toBe(4000);
    expect((await info(here)).code).toBe(200);
    expect(await answersPing(hereLive)).toBe(true);
    expect(await answersPing(bystanderLive)).toBe(true);
    expect((await login(username)).code, 'the old password').toBe(400);
    expect((await login(username, NEW_PASSWORD)).code).toBe(200);
    hereLive.socket.close(1000);
    bystanderLive.socket.close(1000);
  });

  it('a password reset by SMS ends every session of the player and closes every socket', async () => {
    const username = uniqueName('rs');
    const first = await registerUser(t.app, username);
    const second = await sessionOf(username);
    const mobile = uniqueMobile();
    await bindTestMobile(t, first, mobile);
    const userId = (await info(first)).data.id;
    const sockets = [await liveSocket(first), await liveSocket(second)];
    await waitForSockets(t.app, userId, 2);

    expect((await sendResetCode(t.app, username, mobile)).code).toBe(200);
    const code = await lastCode(t, mobile);
    const verify = await call(t.app, security.forgetPassword, { step: 'verify', username, mobile, code });
    const resetToken = String(verify.data.resetToken);
    const reset = await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: NEW_PASSWORD });
    expect(reset.code).toBe(200);
    for (const token of [first, second]) await expectEnded(token, 'a session at the password reset');
    for (const live of sockets) expect(await closeOf(live), 'a socket at the password reset').toBe(4000);
    await waitForSockets(t.app, userId, 0);
  });
});
