import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, inbox, limits, passkeys } from '@breakshot/contracts';
import { eq } from 'drizzle-orm';
import { inTransaction } from '../../src/platform/db.js';
import { sessions } from '../../src/platform/tables.js';
import { users } from '../../src/modules/auth/tables.js';
import { setAccountStatus } from '../../src/modules/auth/service.js';
import { LOCK_WINDOW_MS } from '../../src/modules/auth/lockout.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  solvedPow,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';
import { addPasskey, INJECT_SITE as SITE, SoftAuthenticator } from '../helpers/passkey-authenticator.js';

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  let clients = 0;
  /** An address of its own: a client that has not tried before. */
  const newIp = () => `198.51.100.${(clients += 1)}`;

  async function loginChallenge(): Promise<string> {
    const opts = await call(t.app, passkeys.loginOptions);
    expect(opts.code).toBe(200);
    return opts.data.options.challenge as string;
  }

  /** A passkey login with the authenticator's answer to a fresh challenge (or `challenge`). */
  async function passkeyLogin(authenticator: SoftAuthenticator, options: { ip?: string; challenge?: string } = {}) {
    const challenge = options.challenge ?? (await loginChallenge());
    authenticator.counter += 1;
    const credential = authenticator.assert({ ...SITE, challenge });
    return call(t.app, passkeys.login, { credential }, { ip: options.ip ?? '203.0.113.9' });
  }

  async function playerWithPasskey() {
    const name = uniqueName('pk');
    const token = await registerUser(t.app, name);
    const authenticator = new SoftAuthenticator();
    const added = await addPasskey(t.app, token, authenticator);
    expect(added.code).toBe(200);
    return { name, token, authenticator, id: added.data.id };
  }

  it('registers a passkey and logs in with it, no username, password or captcha', async () => {
    const { name, token, authenticator } = await playerWithPasskey();
    const listed = await call(t.app, passkeys.list, {}, { token });
    expect(listed.data.list).toEqual([expect.objectContaining({ name: 'iPhone', lastUsedAt: null })]);

    const res = await passkeyLogin(authenticator);
    expect(res.code).toBe(200);
    const info = await call(t.app, auth.userInfo, {}, { token: res.data.token });
    expect(info.data.username).toBe(name);
    const after = await call(t.app, passkeys.list, {}, { token });
    expect(after.data.list[0]!.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it("keeps the login's address and device with its session, as a password login does", async () => {
    const { name, authenticator } = await playerWithPasskey();
    const credential = authenticator.assert({ ...SITE, challenge: await loginChallenge() });
    const device = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
    const res = await call(t.app, passkeys.login, { credential }, { ip: '203.0.113.77', device });
    expect(res.code).toBe(200);
    const [player] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    const rows = await t.db
      .select({ ip: sessions.ip, deviceId: sessions.deviceId })
      .from(sessions)
      .where(eq(sessions.userId, player!.id));
    expect(rows).toContainEqual({ ip: '203.0.113.77', deviceId: device });
  });

  it('asks for the login password before adding one', async () => {
    const token = await registerUser(t.app);
    const res = await call(t.app, passkeys.registerOptions, { password: 'wrong1234' }, { token });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('登录密码错误');
  });

  it('refuses a registration answer to no challenge of this player, and the same one twice', async () => {
    const token = await registerUser(t.app);
    const other = await registerUser(t.app);
    const opts = await call(t.app, passkeys.registerOptions, { password: PASSWORD }, { token: other });
    const challenge = opts.data.options.challenge as string;
    const foreign = new SoftAuthenticator().register({ ...SITE, challenge });
    const refused = await call(t.app, passkeys.register, { name: 'x', credential: foreign }, { token });
    expect(refused.msg).toBe('通行密钥验证已超时，请重试');

    const mine = await call(t.app, passkeys.registerOptions, { password: PASSWORD }, { token });
    const credential = new SoftAuthenticator().register({ ...SITE, challenge: mine.data.options.challenge as string });
    expect((await call(t.app, passkeys.register, { name: 'a', credential }, { token })).code).toBe(200);
    const again = await call(t.app, passkeys.register, { name: 'b', credential }, { token });
    expect(again.code).toBe(400);
    expect((await call(t.app, passkeys.list, {}, { token })).data.list).toHaveLength(1);
  });

  it('refuses a login answer to a challenge never issued, replayed, or expired', async () => {
    const { authenticator } = await playerWithPasskey();
    const forged = await passkeyLogin(authenticator, { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' });
    expect(forged.code).toBe(400);
    expect(forged.msg).toBe('通行密钥验证已超时，请重试');

    const challenge = await loginChallenge();
    expect((await passkeyLogin(authenticator, { challenge })).code).toBe(200);
    const replayed = await passkeyLogin(authenticator, { challenge });
    expect(replayed.code).toBe(400);

    const late = await loginChallenge();
    t.clock.advance((passkeys.PASSKEY_CHALLENGE_SECONDS + 1) * 1000);
    expect((await passkeyLogin(authenticator, { challenge: late })).msg).toBe('通行密钥验证已超时，请重试');
  });

  it('refuses a signature counter that does not grow (a cloned authenticator)', async () => {
    const { authenticator } = await playerWithPasskey();
    authenticator.counter = 10;
    expect((await passkeyLogin(authenticator)).code).toBe(200);
    authenticator.counter = 3;
    const res = await passkeyLogin(authenticator);
    expect(res.code).toBe(400);
    expect(res.msg).toBe('通行密钥验证未通过，请重试');
  });

  it('refuses an answer without user verification', async () => {
    const { authenticator } = await playerWithPasskey();
    authenticator.verifiesUser = false;
    expect((await passkeyLogin(authenticator)).msg).toBe('通行密钥验证未通过，请重试');
  });

  it('a removed passkey logs in no more', async () => {
    const { token, authenticator, id } = await playerWithPasskey();
    expect((await call(t.app, passkeys.remove, { id }, { token })).code).toBe(200);
    expect((await call(t.app, passkeys.list, {}, { token })).data.list).toEqual([]);
    const res = await passkeyLogin(authenticator);
    expect(res.code).toBe(400);
    expect(res.msg).toBe('该通行密钥已删除或不属于本站账号，请使用密码登录');
  });

  it('tells the player of each passkey added or removed, by name, in the security messages', async () => {
    const { token, id } = await playerWithPasskey();
    expect((await call(t.app, passkeys.remove, { id }, { token })).code).toBe(200);
    const list = (await call(t.app, inbox.userMessage, { tab: 'message' }, { token })).data.list;
    const told = list.filter((m) => m.kind === 'passkey_added' || m.kind === 'passkey_removed');
    expect(told.map((m) => [m.kind, m.title, m.link])).toEqual([
      ['passkey_removed', '已移除通行密钥', '/user/setting'],
      ['passkey_added', '已添加通行密钥', '/user/setting'],
    ]);
    const detail = await call(t.app, inbox.userMessage, { tab: 'message', id: told[1]!.id }, { token });
    expect(detail.data.list[0]?.body).toContain('添加了通行密钥「iPhone」');
  });

  it("renames the player's own passkey; another player's is not found", async () => {
    const owner = await playerWithPasskey();
    const renamed = await call(t.app, passkeys.rename, { id: owner.id, name: '我的手机' }, { token: owner.token });
    expect(renamed.data.name).toBe('我的手机');

    const intruder = await registerUser(t.app);
    const rename = await call(t.app, passkeys.rename, { id: owner.id, name: 'mine' }, { token: intruder });
    expect(rename.code).toBe(404);
    expect((await call(t.app, passkeys.remove, { id: owner.id }, { token: intruder })).code).toBe(404);
    expect((await call(t.app, passkeys.list, {}, { token: intruder })).data.list).toEqual([]);
    const kept = await call(t.app, passkeys.list, {}, { token: owner.token });
    expect(kept.data.list).toEqual([expect.objectContaining({ id: owner.id, name: '我的手机' })]);
  });

  it('refuses a disabled account, as a password login does', async () => {
    const { name, authenticator } = await playerWithPasskey();
    await inTransaction(t.db, (tx) => setAccountStatus(tx, name, 'disabled', t.clock.now()));
    const res = await passkeyLogin(authenticator);
    expect(res.code).toBe(403);
    expect(res.msg).toBe('账号已停用');
  });

  it('refuses a self-excluded player, as a password login does', async () => {
    const { token, authenticator } = await playerWithPasskey();
    const excluded = await call(t.app, limits.set, { kind: 'exclusion', days: 7, password: PASSWORD }, { token });
    expect(excluded.code).toBe(200);
    const res = await passkeyLogin(authenticator);
    expect(res.code).toBe(403);
    expect(res.msg).toMatch(/^您已申请自我排除，.+ 之前不能登录$/);
  });

  it('failed passkey answers count in the password lockout, and its lockout stops passkeys', async () => {
    const { name, authenticator } = await playerWithPasskey();
    const ip = newIp();
    authenticator.verifiesUser = false;
    for (let i = 0; i < 4; i += 1) expect((await passkeyLogin(authenticator, { ip })).code).toBe(400);
    // The fifth failure, a wrong password (the account under attack asks it a proof of work),
    // locks this client out of the account: passkeys too.
    const body = {
      username: name,
      password: 'wrong1234',
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
      pow: await solvedPow(t.app, 'login', { username: name, ip }),
    };
    expect((await call(t.app, auth.login, body, { ip })).code).toBe(429);
    authenticator.verifiesUser = true;
    const locked = await passkeyLogin(authenticator, { ip });
    expect(locked.code).toBe(429);
    expect(locked.msg).toMatch(/请 \d+ 分钟后再试/);
    // Another client is not locked out, and its passkey login ends its own failures only.
    expect((await passkeyLogin(authenticator, { ip: newIp() })).code).toBe(200);
    t.clock.advance(LOCK_WINDOW_MS);
    expect((await passkeyLogin(authenticator, { ip })).code).toBe(200);
  });
});
