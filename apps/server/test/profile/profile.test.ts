import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, profile } from '@breakshot/contracts';
import { uploadPng } from '../helpers/uploads.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
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

describe('profile', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    base = await listenLocal(t.app);
  });
  afterAll(() => t.close());
  // 2027-03-10 12:00 in Shanghai, the site's zone (birthdays are checked against its date).
  beforeEach(() => t.clock.advance(Date.parse('2027-03-10T04:00:00Z') - t.clock.now().getTime()));

  const newPlayer = async () => {
    const username = uniqueName('pf');
    return { username, token: await registerUser(t.app, username) };
  };
  const info = async (token: string) => (await call(t.app, auth.userInfo, {}, { token })).data;
  const login = async (username: string, password = PASSWORD) =>
    call(t.app, auth.login, { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA });

  it('changes the nickname (trimmed, 2–16 characters, no control characters)', async () => {
    const p = await newPlayer();
    expect(await call(t.app, profile.changeNickname, { nickname: '  台球小王子  ' }, { token: p.token })).toEqual({
      code: 200,
      msg: 'ok',
      data: {},
    });
    expect((await info(p.token)).nickname).toBe('台球小王子');
    for (const nickname of ['王', ' a ', 'x'.repeat(17), 'ab\u0000cd', 'a\nb']) {
      const res = await call(t.app, profile.changeNickname, { nickname }, { token: p.token });
      expect(res, JSON.stringify(nickname)).toMatchObject({ code: 400, data: { field: 'nickname' } });
    }
    expect((await call(t.app, profile.changeNickname, { nickname: 'x' }, { token: p.token, lang: 'en' })).msg).toBe(
      'Nickname: must be 2–16 characters',
    );
    expect((await info(p.token)).nickname).toBe('台球小王子');
  });

  it('changes the sex; starts unspecified', async () => {
    const p = await newPlayer();
    expect((await info(p.token)).sex).toBe('unspecified');
    await call(t.app, profile.changeSex, { sex: 'female' }, { token: p.token });
    expect((await info(p.token)).sex).toBe('female');
    expect(await call(t.app, profile.changeSex, { sex: 'other' }, { token: p.token })).toMatchObject({
      code: 400,
      data: { field: 'sex' },
    });
  });

  it('sets the birthday once: 18 or older, not in the future, a real date; a second change is 409', async () => {
    const p = await newPlayer();
    expect((await info(p.token)).birthday).toBeNull();
    const cases: [string, string][] = [
      ['2027-03-11', '生日不能晚于今天'],
      ['2009-03-11', '须年满 18 周岁'],
      ['1990-02-30', '生日: 日期格式须为 YYYY-MM-DD'],
      ['1990/01/01', '生日: 日期格式须为 YYYY-MM-DD'],
    ];
    for (const [birthday, msg] of cases) {
      const res = await call(t.app, profile.changeBirthday, { birthday }, { token: p.token });
      expect(res, birthday).toMatchObject({ code: 400, msg, data: { field: 'birthday' } });
    }
    // 18 today in Shanghai.
    expect((await call(t.app, profile.changeBirthday, { birthday: '2009-03-10' }, { token: p.token })).code).toBe(200);
    expect((await info(p.token)).birthday).toBe('2009-03-10');
    const again = await call(t.app, profile.changeBirthday, { birthday: '1990-01-01' }, { token: p.token });
    expect(again).toMatchObject({ code: 409, msg: '生日只能设置一次' });
    expect((await info(p.token)).birthday).toBe('2009-03-10');
  });

  it('sets a preset avatar; refuses anything else', async () => {
    const p = await newPlayer();
    const preset = profile.PRESET_AVATARS[2]!;
    expect((await call(t.app, profile.changeAvatar, { avatar: preset }, { token: p.token })).code).toBe(200);
    expect((await info(p.token)).avatar).toBe(preset);
    for (const avatar of ['https://evil.example/a.png', '/avatars/preset-99.svg', 'javascript:alert(1)']) {
      const res = await call(t.app, profile.changeAvatar, { avatar }, { token: p.token });
      expect(res, avatar).toMatchObject({ code: 400, data: { field: 'avatar' } });
    }
    expect((await info(p.token)).avatar).toBe(preset);
  });

  it("sets an uploaded avatar: the player's own upload made as an avatar, nobody else's", async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const mine = await uploadPng(t.app, p.token, 'avatar');
    const theirs = await uploadPng(t.app, other.token, 'avatar');
    const qr = await uploadPng(t.app, p.token, 'wechat_qr');
    // Ids are base64url: the mangled one changes its last four characters, whatever they are (- too).
    for (const avatar of [theirs.url, qr.url, mine.url.replace(/[\w-]{4}\./, 'AAAA.')]) {
      const res = await call(t.app, profile.changeAvatar, { avatar }, { token: p.token });
      expect(res, avatar).toMatchObject({ code: 400, msg: '请重新上传图片', data: { field: 'avatar' } });
    }
    expect((await info(p.token)).avatar).toBe('');
    expect((await call(t.app, profile.changeAvatar, { avatar: mine.url }, { token: p.token })).code).toBe(200);
    expect((await info(p.token)).avatar).toBe(mine.url);
    const served = await t.app.inject({ method: 'GET', url: mine.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('changes the password: the old one is needed, other sessions end (sockets closed), this one stays', async () => {
    const p = await newPlayer();
    const other = (await login(p.username)).data.token;
    const { id: userId } = await info(p.token);
    const theirs = await openLive(base, await getWssToken(t.app, other));
    const mine = await openLive(base, await getWssToken(t.app, p.token));
    await waitForSockets(t.app, userId, 2);

    const wrong = await call(
      t.app,
      profile.changePassword,
      { oldPassword: 'wrong1234', password: 'newpass123' },
      { token: p.token },
    );
    expect(wrong).toMatchObject({ code: 400, msg: '登录密码错误', data: { field: 'oldPassword' } });
    const weak = await call(
      t.app,
      profile.changePassword,
      { oldPassword: PASSWORD, password: 'short' },
      { token: p.token },
    );
    expect(weak).toMatchObject({ code: 400, data: { field: 'password' } });
    expect((await info(other)).username).toBe(p.username);

    const res = await call(
      t.app,
      profile.changePassword,
      { oldPassword: PASSWORD, password: 'newpass123' },
      { token: p.token },
    );
    expect(res).toEqual({ code: 200, msg: 'ok', data: { sessionsEnded: 1 } });
    expect((await theirs.closed).code).toBe(4000);
    expect((await call(t.app, auth.userInfo, {}, { token: other })).code).toBe(401);
    expect((await info(p.token)).username).toBe(p.username);
    mine.socket.send(JSON.stringify({ type: 'ping', ts: 1 }));
    expect(await mine.next()).toBe('pong');
    mine.socket.close(1000);

    expect((await login(p.username)).code).toBe(400);
    expect((await login(p.username, 'newpass123')).code).toBe(200);
  });

  it('each call changes the caller only', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const before = await info(b.token);
    await call(t.app, profile.changeNickname, { nickname: '别人的昵称' }, { token: a.token });
    await call(t.app, profile.changeSex, { sex: 'male' }, { token: a.token });
    await call(t.app, profile.changeBirthday, { birthday: '1990-05-05' }, { token: a.token });
    await call(t.app, profile.changeAvatar, { avatar: profile.PRESET_AVATARS[0] }, { token: a.token });
    await call(t.app, profile.changePassword, { oldPassword: PASSWORD, password: 'another123' }, { token: a.token });
    expect(await info(b.token)).toEqual(before);
    expect((await login(b.username)).code).toBe(200);
  });
});
