import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, auth } from '@breakshot/contracts';
import { loadConfig } from '../../src/platform/config.js';
import { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from '../../src/platform/trust-proxy.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The address a request is taken to come from, under `trust`, with its socket and X-Forwarded-For. */
async function clientAddress(trust: TrustProxy, socket: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
  app.get('/', async (req) => req.ip);
  try {
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    return (await app.inject({ url: '/', remoteAddress: socket, headers })).body;
  } finally {
    await app.close();
  }
}

const NGINX = '10.0.0.2';
const CLIENT = '203.0.113.9';

describe('TRUST_PROXY', () => {
  it('is a number of proxies or their addresses; `true`, which believed every hop, is refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.2, 10.1.0.0/16,::1, fd00::/8')).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/number of proxies/);
    expect(() => parseTrustProxy('nginx')).toThrow(/not: nginx/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/not: 10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('10.0.0.1/8/1')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
  });

  it('behind one proxy the client is the address that proxy saw, whatever the client wrote before it', async () => {
    // nginx's $proxy_add_x_forwarded_for appends the address it saw to what the client sent.
    expect(await clientAddress(1, NGINX, `10.0.7.1, ${CLIENT}`)).toBe(CLIENT);
    // `proxy_set_header X-Forwarded-For $remote_addr` replaces it.
    expect(await clientAddress(1, NGINX, CLIENT)).toBe(CLIENT);
    expect(await clientAddress(1, NGINX)).toBe(NGINX);
    // Two proxies (a CDN, then nginx): the address the outer one saw.
    expect(await clientAddress(2, NGINX, `10.0.7.1, ${CLIENT}, 198.51.100.4`)).toBe(CLIENT);
    // No proxy believed: the header is anyone's to write.
    expect(await clientAddress(false, CLIENT, '10.0.7.1')).toBe(CLIENT);
  });

  it('with addresses, hops are believed only from them: a direct client cannot name its address', async () => {
    const trust = parseTrustProxy('10.0.0.0/24');
    expect(await clientAddress(trust, NGINX, `10.0.7.1, ${CLIENT}`)).toBe(CLIENT);
    expect(await clientAddress(trust, CLIENT, '10.0.7.1')).toBe(CLIENT);
    // A proxy of the list passing on another proxy of the list: the first address outside it.
    expect(await clientAddress(trust, NGINX, `10.0.7.1, ${CLIENT}, 10.0.0.3`)).toBe(CLIENT);
  });

  describe('the per-address limits behind nginx', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ trustProxy: 1, scheduler: false, rateLimits: { perIp: 30 } });
    });
    afterAll(() => t.close());

    it('40 captcha calls that each name another address before the one nginx saw: 30 answered', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: API_PREFIX + auth.captchaGetCode.path,
            remoteAddress: NGINX,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.7.${i}, ${CLIENT}` },
            payload: '{}',
          }),
        ),
      );
      const codes = answers.map((a) => a.json<{ code: number }>().code);
      expect(codes.filter((c) => c === 200)).toHaveLength(30);
      expect(codes.filter((c) => c === 429)).toHaveLength(10);
    });
  });
});
