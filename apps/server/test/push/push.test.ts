import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  auth,
  type feed,
  messagesAdmin,
  push,
  taiqiu,
  taiqiuAdmin,
  withdrawals,
  withdrawalsAdmin,
} from '@breakshot/contracts';
import { nudgeDelivery, retryDelayMs } from '../../src/modules/push/delivery.js';
import { endpointAllowed } from '../../src/modules/push/endpoints.js';
import { loadConfig, startupWarnings } from '../../src/platform/config.js';
import { queryRows } from '../../src/platform/db.js';
import { feedMatchRow, matchStream, newFeedProvider, postEvents } from '../helpers/feed.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { newMatch, placeBet } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  ADMIN_TEST_TOKEN,
  adminCall,
  bindUsdt,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  type TestPlayer,
} from '../helpers/withdrawals.js';
import { BrowserKeys, PushEndpoint, vapidOf, type ReceivedPush } from './push-endpoint.js';

/*
 * Web push end to end (docs/design.md §2, "Web push"): a player subscribes as a browser would; each
 * kind of event, made through the real calls, reaches a local push endpoint as an aes128gcm body
 * this test decrypts (RFC 8291) with a VAPID token it verifies (RFC 8292); a 500 is tried again,
 * a 410 removes the subscription, and a kind switched off sends nothing.
 */

let t: TestApp;
const endpoint = new PushEndpoint();
const browser = new BrowserKeys();
let player: TestPlayer;
let serverKey: string;
let subscribedAt: string;

interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The next push: its VAPID token checked, its body decrypted. */
async function nextPush(): Promise<Shown & { raw: ReceivedPush }> {
  const raw = await endpoint.next();
  expect(raw.path).toBe(new URL(subscribedAt).pathname);
  expect(raw.headers['content-encoding']).toBe('aes128gcm');
  expect(Number(raw.headers.ttl)).toBeGreaterThan(0);
  const { claims, key } = vapidOf(raw.headers.authorization as string | undefined);
  expect(key).toBe(serverKey);
  expect(claims.aud).toBe(endpoint.origin);
  expect(claims.sub).toMatch(/^mailto:/);
  const nowSeconds = Date.now() / 1000;
  expect(claims.exp).toBeGreaterThan(nowSeconds);
  expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
  return { ...(JSON.parse(browser.decrypt(raw.body)) as Shown), raw };
}

const outboxRows = () =>
  queryRows<{ attempts: number; next_attempt_at: Date }>(t.db, sql`SELECT attempts, next_attempt_at FROM push_outbox`);

const settings = async () => (await call(t.app, push.settings, {}, { token: player.token })).data;

async function messageToPlayer(title: string): Promise<void> {
  const sent = await adminCall(t.app, messagesAdmin.messageSend, {
    audience: 'player',
    username: player.username,
    title,
    body: '正文',
  });
  expect(sent.code).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, push: { testEndpoints: true } });
  await endpoint.start();
  player = await newTestPlayer(t);
  serverKey = (await call(t.app, push.vapidKey, {})).data.publicKey;
  subscribedAt = `${endpoint.origin}/push/${browser.deviceId}`;
  const res = await call(
    t.app,
    push.subscribe,
    { endpoint: subscribedAt, keys: browser.json, deviceId: browser.deviceId },
    { token: player.token },
  );
  expect(res.code).toBe(200);
  expect(res.data).toEqual({
    kinds: { deposit: true, withdrawal: true, bet: true, match: true, message: true },
    devices: 1,
  });
});

afterAll(async () => {
  await t?.close();
  await endpoint.stop();
});

describe('web push', () => {
  it('the VAPID key is one P-256 point, the same for a guest and a player, kept sealed', async () => {
    expect(Buffer.from(serverKey, 'base64url')).toHaveLength(65);
    expect((await call(t.app, push.vapidKey, {}, { token: player.token })).data.publicKey).toBe(serverKey);
    const [row] = await queryRows<{ private_pem: string }>(
      t.db,
      sql`SELECT private_pem FROM server_keys WHERE name = 'web-push-vapid'`,
    );
    expect(row?.private_pem).toMatch(/^sealed:v1:/);
  });

  it('a withdrawal paid and one rejected are pushed, without the reason', async () => {
    const accountId = await bindUsdt(t, player);
    await fund(t, player.username, 100_000);
    const withdraw = async () => {
      const res = await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 20_000, fundPassword: FUND_PASSWORD },
        { token: player.token },
      );
      expect(res.code).toBe(200);
      return res.data.orderNo;
    };
    const paid = await withdraw();
    await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo: paid });
    await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo: paid });
    const paidPush = await nextPush();
    expect(paidPush).toMatchObject({ title: '提款已出款', tag: `withdrawal:${paid}`, url: '/user/zijinmingxi' });
    expect(paidPush.body).toMatch(/^您的提款 ¥[\d,]+\.\d\d 已出款/);

    const rejected = await withdraw();
    await adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo: rejected, reason: 'Name mismatch' });
    const rejectedPush = await nextPush();
    expect(rejectedPush).toMatchObject({ title: '提款未通过', tag: `withdrawal:${rejected}` });
    expect(rejectedPush.body).toContain('¥200.00');
    expect(rejectedPush.body).not.toContain('mismatch');
  });

  it('a credited deposit is pushed, its amount in yuan; its inbox message adds no second push', async () => {
    const channel = await channelOf(t.app, player.token, 'sandbox');
    const order = await startPay(t.app, player.token, channel.id, 10_000);
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 10_000 })).statusCode).toBe(200);
    const shown = await nextPush();
    // 100.00 and the sandbox channel's 1 % bonus.
    expect(shown).toMatchObject({
      title: '充值到账',
      body: '您的充值 ¥101.00 已到账，祝您游戏愉快！',
      url: '/user/zijinmingxi',
      tag: `deposit:${order.orderNo}`,
    });
    expect(shown.raw.headers.urgency).toBe('normal');
  });

  it('a starred match going live, then the bet on it settled, are pushed', async () => {
    const match = await newMatch(t);
    expect((await placeBet(t, player, match, 'winner', 'a', 1_000)).code).toBe(200);
    await call(t.app, taiqiu.favouriteSet, { matchId: match.id, on: true }, { token: player.token });
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 0 })).code).toBe(200);
    const started = await nextPush();
    expect(started).toMatchObject({
      title: '关注的比赛开始了',
      body: `${match.playerA.name} vs ${match.playerB.name} 已开赛，快来看看吧。`,
      url: `/taiqiu/${match.id}`,
    });
    expect(started.raw.headers.urgency).toBe('high');

    // Another score of the live match starts nothing.
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 2, b: 0 });
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 })).code).toBe(200);
    const settled = await nextPush();
    expect(settled).toMatchObject({ title: '注单已结算', url: '/user/touzhulogs' });
    expect(settled.body).toMatch(/^恭喜！注单 \S+ 赢得 ¥[\d,]+\.\d\d。$/);
  });

  it("a feed's match of a starred player going live is pushed once", async () => {
    const provider = await newFeedProvider(t);
    const [scheduled, started, frame] = matchStream('push-1', t.clock.now()) as [
      feed.FeedEvent,
      feed.FeedEvent,
      feed.FeedEvent,
    ];
    expect((await postEvents(t, provider, [scheduled])).status).toBe(200);
    await call(t.app, taiqiu.favouriteSet, { player: '林浩然', on: true }, { token: player.token });
    expect((await postEvents(t, provider, [started, frame])).status).toBe(200);
    const { id } = await feedMatchRow(t, provider, 'push-1');
    expect(await nextPush()).toMatchObject({ title: '关注的比赛开始了', url: `/taiqiu/${id}`, tag: `match:${id}` });
    await call(t.app, taiqiu.favouriteSet, { player: '林浩然', on: false }, { token: player.token });
  });

  it("an operator's message is pushed; a kind switched off sends nothing", async () => {
    await messageToPlayer('周末活动开始啦');
    expect(await nextPush()).toMatchObject({ title: '新消息', body: '周末活动开始啦', url: '/user/myMessage' });

    const off = await call(t.app, push.setKinds, { kinds: { message: false } }, { token: player.token });
    expect(off.data.kinds).toMatchObject({ message: false, deposit: true });
    await messageToPlayer('不会推送');
    // Nothing was queued in the message's transaction, so nothing can arrive.
    expect(await outboxRows()).toEqual([]);

    await call(t.app, push.setKinds, { kinds: { message: true } }, { token: player.token });
    await messageToPlayer('再次推送');
    expect((await nextPush()).body).toBe('再次推送');
    expect(endpoint.unread).toBe(0);
  });

  it("each browser is written to in its app's language, kept when it registers again", async () => {
    const registerIn = async (lang: string) => {
      const res = await call(
        t.app,
        push.subscribe,
        { endpoint: subscribedAt, keys: browser.json, deviceId: browser.deviceId },
        { token: player.token, lang },
      );
      expect(res.code).toBe(200);
    };
    await registerIn('en');
    const channel = await channelOf(t.app, player.token, 'sandbox');
    const order = await startPay(t.app, player.token, channel.id, 10_000);
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 10_000 })).statusCode).toBe(200);
    expect(await nextPush()).toMatchObject({
      title: 'Deposit credited',
      body: 'Your deposit of ¥101.00 has been credited. Enjoy your game!',
      url: '/user/zijinmingxi',
    });
    await messageToPlayer('Weekend offer');
    expect(await nextPush()).toMatchObject({ title: 'New message', body: 'Weekend offer' });

    await registerIn('zh-CN');
    await messageToPlayer('周末优惠');
    expect(await nextPush()).toMatchObject({ title: '新消息', body: '周末优惠' });
  });

  it('a 500 is tried again after its backoff; a 410 removes the subscription', async () => {
    endpoint.answer(500);
    await messageToPlayer('第一次失败');
    expect((await nextPush()).body).toBe('第一次失败');
    // Claimed (attempt 1, leased), then put back for its retry.
    const retryAt = t.clock.now().getTime() + retryDelayMs(1);
    await expect
      .poll(async () => (await outboxRows()).map((r) => [r.attempts, new Date(r.next_attempt_at).getTime()]))
      .toEqual([[1, retryAt]]);

    t.clock.advance(retryDelayMs(1));
    nudgeDelivery(t.app.ctx);
    expect((await nextPush()).body).toBe('第一次失败');
    await expect.poll(outboxRows).toEqual([]);

    endpoint.answer(410);
    await messageToPlayer('订阅已失效');
    await nextPush();
    await expect.poll(async () => (await settings()).devices).toBe(0);
    expect(await outboxRows()).toEqual([]);
    await messageToPlayer('无人接收');
    expect(await outboxRows()).toEqual([]);
  });

  it('PUSH_CONTACT and PUSH_TEST_ENDPOINTS: checked at start, the risky ones warned in production', () => {
    expect(() => loadConfig({ PUSH_CONTACT: 'ops@example.com' })).toThrow(/PUSH_CONTACT must be mailto/);
    const dev = loadConfig({ PUSH_TEST_ENDPOINTS: '1', PUSH_CONTACT: 'mailto:ops@example.com' });
    expect(dev.push).toEqual({ contact: 'mailto:ops@example.com', testEndpoints: true });
    const production = startupWarnings(loadConfig({ NODE_ENV: 'production', PUSH_TEST_ENDPOINTS: '1' })).join('\n');
    expect(production).toContain('PUSH_CONTACT is not set');
    expect(production).toContain('PUSH_TEST_ENDPOINTS=1 in production');
    expect(
      startupWarnings(loadConfig({ NODE_ENV: 'production', PUSH_CONTACT: 'https://example.com/contact' })).join(),
    ).not.toContain('PUSH');
  });

  it('only https endpoints of the push services, unless test endpoints are allowed; keys of the right length', async () => {
    const strict = { testEndpoints: false };
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', strict)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/abc', strict)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/abc', strict)).toBe(true);
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', strict)).toBe(false);
    expect(endpointAllowed('https://127.0.0.1/push', strict)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/x', strict)).toBe(false);
    expect(endpointAllowed(`${endpoint.origin}/push/x`, { testEndpoints: true })).toBe(true);
    expect(endpointAllowed('file:///etc/passwd', { testEndpoints: true })).toBe(false);

    const short = await call(
      t.app,
      push.subscribe,
      { endpoint: subscribedAt, keys: { ...browser.json, auth: 'c2hvcnQ' }, deviceId: browser.deviceId },
      { token: player.token },
    );
    expect(short.code).toBe(400);
    const guest = await call(
      t.app,
      push.subscribe,
      { endpoint: subscribedAt, keys: browser.json, deviceId: browser.deviceId },
      {},
    );
    expect(guest.code).toBe(401);
  });

  it("a browser's new subscription replaces its old one; another player's login takes the endpoint over", async () => {
    const subscribeAs = (p: TestPlayer, path: string) =>
      call(
        t.app,
        push.subscribe,
        { endpoint: `${endpoint.origin}${path}`, keys: browser.json, deviceId: browser.deviceId },
        { token: p.token },
      );
    await subscribeAs(player, '/push/first');
    expect((await subscribeAs(player, '/push/second')).data.devices).toBe(1);
    const other = await newTestPlayer(t, { fundPassword: false });
    expect((await subscribeAs(other, '/push/second')).data.devices).toBe(1);
    expect((await settings()).devices).toBe(0);
    // Not the caller's endpoint any more: unsubscribing it does nothing to its new owner's.
    expect(
      (await call(t.app, push.unsubscribe, { endpoint: `${endpoint.origin}/push/second` }, { token: player.token }))
        .code,
    ).toBe(200);

    const toOther = (title: string) =>
      adminCall(t.app, messagesAdmin.messageSend, {
        audience: 'player',
        username: other.username,
        title,
        body: '正文',
      });
    await toOther('仍在登录');
    expect((await endpoint.next()).path).toBe('/push/second');
    // Logged out: the browser hears nothing more of that player.
    await call(t.app, auth.userLogout, {}, { token: other.token });
    await toOther('已退出登录');
    expect(await outboxRows()).toEqual([]);
  });

  it('a browser key no push can be encrypted to is dropped at once, nothing posted', async () => {
    const bad = await newTestPlayer(t, { fundPassword: false });
    const res = await call(
      t.app,
      push.subscribe,
      {
        endpoint: `${endpoint.origin}/push/bad`,
        keys: { ...browser.json, p256dh: `B${'A'.repeat(86)}` },
        deviceId: browser.deviceId,
      },
      { token: bad.token },
    );
    expect(res.code).toBe(200);
    await adminCall(t.app, messagesAdmin.messageSend, {
      audience: 'player',
      username: bad.username,
      title: '无法加密',
      body: '正文',
    });
    await expect.poll(outboxRows).toEqual([]);
    expect(endpoint.unread).toBe(0);
  });
});
