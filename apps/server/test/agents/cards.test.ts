import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent } from '@breakshot/contracts';
import { newPlayerUnder } from '../helpers/agent-money.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { uploadPng } from '../helpers/uploads.js';

/* The business card (/user/daili/mingpianguanli) and the upline's card on /user/shangwu. */
describe('agent business card', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
  });
  afterAll(() => t.close());

  const card = {
    displayName: '  金牌代理小王 ',
    avatar: null,
    wechat: 'wx_wang88',
    qq: '10001',
    telegram: '@wang88',
    phone: '13800138000',
    intro: '专业服务，7×24 小时在线',
  };

  it('saves and reads my card; the avatar must be my own avatar upload', async () => {
    const a = await newPlayerUnder(t);
    expect(await call(t.app, agent.agentCardGet, {}, { token: a.token })).toMatchObject({ code: 200, data: null });

    const avatar = await uploadPng(t.app, a.token, 'avatar');
    const saved = await call(t.app, agent.agentCardSave, { ...card, avatar: avatar.url }, { token: a.token });
    const expected = { ...card, displayName: '金牌代理小王', avatar: avatar.url };
    expect(saved).toMatchObject({ code: 200, data: expected });
    expect((await call(t.app, agent.agentCardGet, {}, { token: a.token })).data).toEqual(expected);

    // Another player's upload, my upload of another purpose, or no upload at all: refused, card unchanged.
    const other = await newPlayerUnder(t);
    const theirs = await uploadPng(t.app, other.token, 'avatar');
    const shot = await uploadPng(t.app, a.token, 'feedback');
    for (const url of [theirs.url, shot.url, '/avatars/preset-1.svg', 'https://evil.example/a.png']) {
      const res = await call(t.app, agent.agentCardSave, { ...card, avatar: url }, { token: a.token });
      expect({ url, code: res.code, field: res.data?.field }).toEqual({ url, code: 400, field: 'avatar' });
    }
    const blank = await call(t.app, agent.agentCardSave, { ...card, displayName: '   ' }, { token: a.token });
    expect(blank).toMatchObject({ code: 400, data: { field: 'displayName' } });
    expect((await call(t.app, agent.agentCardGet, {}, { token: a.token })).data).toEqual(expected);

    // Saving again replaces it (the avatar may be removed).
    const again = await call(t.app, agent.agentCardSave, { ...card, intro: '' }, { token: a.token });
    expect(again.data).toMatchObject({ avatar: null, intro: '' });
    expect((await call(t.app, agent.agentCardGet, {}, { token: a.token })).data).toMatchObject({ avatar: null });
  });

  it("shows a member its direct upline's card with the upline's name, null without one", async () => {
    const top = await newPlayerUnder(t);
    const sub = await newPlayerUnder(t, top.inviteCode);
    const member = await newPlayerUnder(t, sub.inviteCode);
    const upline = (p: { token: string }) => call(t.app, agent.agentCardUpline, {}, { token: p.token });

    expect((await upline(top)).data).toBeNull();
    expect((await upline(sub)).data).toBeNull();
    await call(t.app, agent.agentCardSave, card, { token: top.token });
    expect((await upline(sub)).data).toEqual({ ...card, displayName: '金牌代理小王', username: top.username });
    // The member's upline (sub) has no card: the top agent's is not shown instead.
    expect((await upline(member)).data).toBeNull();
    await call(t.app, agent.agentCardSave, { ...card, displayName: '二级代理' }, { token: sub.token });
    expect((await upline(member)).data).toMatchObject({ displayName: '二级代理', username: sub.username });
    expect((await upline(top)).data).toBeNull();
  });
});
