import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth } from '@breakshot/contracts';
import { users } from '../../src/modules/auth/tables.js';
import { updateSysConfig } from '../../src/modules/system/service.js';
import { queryRows } from '../../src/platform/db.js';
import { countRows } from '../helpers/counts.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';

describe('register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function body(overrides: Record<string, unknown> = {}) {
    return {
      username: uniqueName(),
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
      ...overrides,
    };
  }

  it('creates the user, the tree row, the cash account and a session; returns a token', async () => {
    const input = await body();
    const res = await call(t.app, auth.register, input);
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [user] = await t.db.select().from(users).where(eq(users.username, input.username));
    expect(user).toMatchObject({ nickname: input.username, avatar: '', vipLevel: 0, mobile: null, parentId: null });
    expect(user?.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const tree = await queryRows(
      t.db,
      sql`SELECT ancestor_id::int, depth FROM user_tree WHERE descendant_id = ${user?.id}`,
    );
    expect(tree).toEqual([{ ancestor_id: user?.id, depth: 0 }]);
    const cash = await queryRows(t.db, sql`SELECT kind FROM accounts WHERE owner_id = ${user?.id}`);
    expect(cash).toEqual([{ kind: 'cash' }]);
    const info = await call(t.app, auth.userInfo, {}, { token: res.data.token });
    expect(info.data.username).toBe(input.username);
  });

  it('an invite code attaches the user under the inviter and the inviter’s ancestors', async () => {
    const topName = uniqueName('top');
    await registerUser(t.app, topName);
    const [top] = await t.db.select().from(users).where(eq(users.username, topName));
    const midName = uniqueName('mid');
    await registerUser(t.app, midName, { inviteCode: top?.inviteCode.toLowerCase() });
    const [mid] = await t.db.select().from(users).where(eq(users.username, midName));
    const leafName = uniqueName('leaf');
    await registerUser(t.app, leafName, { inviteCode: mid?.inviteCode });
    const [leaf] = await t.db.select().from(users).where(eq(users.username, leafName));
    expect(mid?.parentId).toBe(top?.id);
    expect(leaf?.parentId).toBe(mid?.id);
    const tree = await queryRows<{ ancestor_id: number; depth: number }>(
      t.db,
      sql`SELECT ancestor_id::int, depth FROM user_tree WHERE descendant_id = ${leaf?.id} ORDER BY depth`,
    );
    expect(tree).toEqual([
      { ancestor_id: leaf?.id, depth: 0 },
      { ancestor_id: mid?.id, depth: 1 },
      { ancestor_id: top?.id, depth: 2 },
    ]);
  });

  it('a taken username (any case) → 409, nothing written', async () => {
    const name = uniqueName('dup');
    await registerUser(t.app, name);
    const before = await countRows(t.db, 'users');
    const res = await call(t.app, auth.register, await body({ username: name.toUpperCase() }));
    expect(res).toEqual({ code: 409, msg: '用户名已被注册', data: { field: 'username' } });
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('an unknown invite code → 400 naming inviteCode, nothing written', async () => {
    const before = await countRows(t.db, 'users');
    const res = await call(t.app, auth.register, await body({ inviteCode: 'ZZZZZ9' }), { lang: 'en' });
    expect(res).toEqual({ code: 400, msg: 'This invite code does not exist', data: { field: 'inviteCode' } });
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('a wrong captcha → 400, and the captcha is used up', async () => {
    const input = await body({ captchaCode: 'WRNG' });
    const wrong = await call(t.app, auth.register, input);
    expect(wrong).toMatchObject({ code: 400, data: { field: 'captchaCode' } });
    const retry = await call(t.app, auth.register, { ...input, captchaCode: TEST_CAPTCHA });
    expect(retry).toMatchObject({ code: 400, msg: '验证码已失效，请刷新' });
  });

  it('a captcha serves one registration only', async () => {
    const input = await body();
    expect((await call(t.app, auth.register, input)).code).toBe(200);
    const again = await call(t.app, auth.register, { ...input, username: uniqueName() });
    expect(again.code).toBe(400);
  });

  const long = 'a1'.repeat(20);
  it.each([
    ['username', { username: 'abc12' }, '用户名: 须为 6–16 位'],
    ['username', { username: 'abc_1234' }, '用户名: 只能包含字母和数字'],
    ['username', { username: long }, '用户名: 须为 6–16 位'],
    ['username', { username: 12345678 }, '用户名: 格式不正确'],
    ['username', { username: undefined }, '用户名: 必填'],
    ['password', { password: 'abcdefgh' }, '密码: 须同时包含字母和数字'],
    ['password', { password: 'a1' }, '密码: 须为 8–20 位'],
    ['password', { password: long }, '密码: 须为 8–20 位'],
    ['password', { password: ['secret123'] }, '密码: 格式不正确'],
    ['password', { password: undefined }, '密码: 必填'],
    ['captchaId', { captchaId: undefined }, '验证码编号: 必填'],
    ['captchaId', { captchaId: 'x'.repeat(65) }, '验证码编号: 过长'],
    ['captchaCode', { captchaCode: undefined }, '验证码: 必填'],
    ['captchaCode', { captchaCode: 1234 }, '验证码: 格式不正确'],
    ['inviteCode', { inviteCode: 'AB-12' }, '邀请码: 格式不正确'],
    ['inviteCode', { inviteCode: 'A'.repeat(17) }, '邀请码: 格式不正确'],
    ['inviteCode', { inviteCode: 123456 }, '邀请码: 格式不正确'],
    ['isAdmin', { isAdmin: true }, 'isAdmin: 包含未知字段'],
  ])('bad %s (%j) → 400 naming the field, nothing written', async (field, override, msg) => {
    const before = await countRows(t.db, 'users');
    const input: Record<string, unknown> = await body(override);
    for (const key of Object.keys(override))
      if (override[key as keyof typeof override] === undefined) delete input[key];
    const res = await call(t.app, auth.register, input);
    expect(res).toEqual({ code: 400, msg, data: { field } });
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('names the field in English with Accept-Language: en', async () => {
    const res = await call(t.app, auth.register, await body({ username: 'abc' }), { lang: 'en-US,en;q=0.9' });
    expect(res).toEqual({ code: 400, msg: 'Username: must be 6–16 characters', data: { field: 'username' } });
  });

  it('closed registration → 403; a required invite code → 400 naming it', async () => {
    await updateSysConfig(t.db, { registerEnabled: false }, t.clock.now());
    const closed = await call(t.app, auth.register, await body());
    expect(closed).toMatchObject({ code: 403, msg: '暂停注册' });
    await updateSysConfig(t.db, { registerEnabled: true, inviteCodeRequired: true }, t.clock.now());
    const required = await call(t.app, auth.register, await body());
    expect(required).toMatchObject({ code: 400, data: { field: 'inviteCode' } });
    await updateSysConfig(t.db, { inviteCodeRequired: false }, t.clock.now());
  });
});
