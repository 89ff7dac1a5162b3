import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { security } from '@breakshot/contracts';
import { smsCodes, smsOutbox } from '../../src/modules/security/tables.js';
import { loadConfig, startupWarnings } from '../../src/platform/config.js';
import { call, registerUser, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import { uniqueIp, uniqueMobile } from '../helpers/security.js';

/** A fake SMS gateway: records what it receives; `status` decides its answer. */
function fakeGateway() {
  const received: { auth: string | undefined; body: { mobile: string; text: string } }[] = [];
  const state = { status: 200, hang: false };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (state.hang) return;
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, received, state };
}

describe('the HTTP SMS provider against a fake gateway', () => {
  let t: TestApp;
  const gateway = fakeGateway();
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/send`;
    t = await startTestApp({ sms: { provider: 'http', url, key: 'gw-key-1', timeoutMs: 500 } });
  });
  afterAll(async () => {
    await t.close();
    gateway.server.closeAllConnections();
    await new Promise((resolve) => gateway.server.close(resolve));
  });

  it('posts the mobile and the text with the key; the code in it works; no outbox row', async () => {
    gateway.state.status = 200;
    const token = await registerUser(t.app, uniqueName('gw'));
    const mobile = uniqueMobile();
    const res = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip: uniqueIp() });
    expect(res.code).toBe(200);
    const sent = gateway.received.at(-1);
    expect(sent?.auth).toBe('Bearer gw-key-1');
    expect(sent?.body.mobile).toBe(mobile);
    expect(sent?.body.text).toMatch(/验证码 \d{6}，用于绑定手机号，5 分钟内有效/);
    expect(await t.db.$count(smsOutbox)).toBe(0);
    const code = /(\d{6})/.exec(sent?.body.text ?? '')?.[1];
    expect((await call(t.app, security.bindMobile, { mobile, code }, { token })).code).toBe(200);
  });

  it.each([
    ['answers 500', { status: 500, hang: false }],
    ['answers 401', { status: 401, hang: false }],
    ['does not answer in time', { status: 200, hang: true }],
  ])('the gateway %s: a clear 422 for the player, nothing counted as sent', async (_name, state) => {
    Object.assign(gateway.state, state);
    const token = await registerUser(t.app, uniqueName('gw'));
    const mobile = uniqueMobile();
    const ip = uniqueIp();
    const res = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip });
    expect(res).toMatchObject({ code: 422, msg: '短信发送失败，请稍后再试', data: null });
    expect(await t.db.$count(smsCodes, eq(smsCodes.mobile, mobile))).toBe(0);
    // Not counted: asking again at once is no "wait 60 s", and goes through once the gateway is back.
    Object.assign(gateway.state, { status: 200, hang: false });
    const again = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip });
    expect(again.code).toBe(200);
  });

  it('the gateway unreachable: the same clear answer', async () => {
    const down = await startTestApp({ sms: { provider: 'http', url: 'http://127.0.0.1:9/send', key: 'k' } });
    try {
      const token = await registerUser(down.app, uniqueName('gw'));
      const res = await call(down.app, security.sendSmsCode, { purpose: 'bind', mobile: uniqueMobile() }, { token });
      expect(res).toMatchObject({ code: 422, msg: '短信发送失败，请稍后再试' });
      expect(await down.db.$count(smsCodes)).toBe(0);
    } finally {
      await down.close();
    }
  });
});

describe('SMS configuration', () => {
  it('the outbox by default, but not silently in production', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    const prod = loadConfig({ NODE_ENV: 'production' });
    expect(prod.sms).toEqual({ provider: 'off' });
    expect(startupWarnings(prod).join()).toContain('SMS_PROVIDER is not set');
    const forced = loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox' });
    expect(forced.sms).toEqual({ provider: 'outbox' });
    expect(startupWarnings(forced).join()).toContain('SMS_PROVIDER=outbox in production');
  });

  it('http needs its URL and key; an unknown provider stops the start', () => {
    expect(
      loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_KEY: 'k' }).sms,
    ).toEqual({
      provider: 'http',
      url: 'https://sms.example/send',
      key: 'k',
    });
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_KEY: 'k' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' })).toThrow(
      /SMS_HTTP_KEY/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });

  it('SMS off: the player is told, nothing is written', async () => {
    const off = await startTestApp({ sms: { provider: 'off' } });
    try {
      const token = await registerUser(off.app, uniqueName('off'));
      const res = await call(off.app, security.sendSmsCode, { purpose: 'bind', mobile: uniqueMobile() }, { token });
      expect(res).toMatchObject({ code: 422, msg: '短信服务暂未开通' });
      expect(await off.db.$count(smsCodes)).toBe(0);
    } finally {
      await off.close();
    }
  });
});
