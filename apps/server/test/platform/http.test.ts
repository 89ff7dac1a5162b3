import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { system } from '@breakshot/contracts';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';

const OPERATOR = 'metrics-operator-token';

describe('platform endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      runtimeConfig: { VITE_API_BASE_URL: '/api-base/', VITE_PAGE_TITLE: 'Test Title' },
      adminToken: OPERATOR,
    });
  });
  afterAll(() => t.close());

  it('healthz answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('config.json carries the runtime configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json()).toEqual({ VITE_API_BASE_URL: '/api-base/', VITE_PAGE_TITLE: 'Test Title' });
  });

  it('GET config returns the seeded site config', async () => {
    const res = await call(t.app, system.getConfig);
    expect(res.code).toBe(200);
    expect(res.data.sys).toEqual({
      siteName: 'Breakshot',
      currency: 'CNY',
      currencySymbol: '¥',
      timeZone: 'Asia/Shanghai',
      // No customer-service link until an operator sets one.
      serviceUrl: '',
      registerEnabled: true,
      inviteCodeRequired: false,
      contact: expect.objectContaining({ email: expect.stringContaining('@') }),
    });
  });

  it('metrics are Prometheus text with default and HTTP metrics, for the operator only', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    for (const headers of [{}, { 'x-admin-token': 'guess' }, { token: 'false' }]) {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('/api/admin');
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-admin-token': OPERATOR } });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('OpenAPI JSON lists the contract calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/config', '/register', '/login', '/captcha/getCode', '/user/info', '/getWss']) {
      expect(doc.paths).toHaveProperty(`/api/v9${path}`);
    }
  });

  it('unknown /api calls answer the 404 envelope, in English on request', async () => {
    const zh = await t.app.inject({ method: 'POST', url: '/api/v9/nothing/here', payload: {} });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toEqual({ code: 404, msg: '内容不存在', data: null });
    const en = await t.app.inject({ method: 'GET', url: '/api/v9/nothing', headers: { 'accept-language': 'en' } });
    expect(en.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });

  it('malformed JSON is a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v9/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('sends security headers with a CSP for the app itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("frame-src 'self' https: http:");
    // The player app's service worker and manifest (apps/web src/pwa), from this origin only.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without a built web app, / says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/not built/);
  });

  it('healthz asks the database at most once a second, however many probes come', async () => {
    const fresh = await startTestApp();
    const pings = vi.spyOn(fresh.db, 'execute');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fresh.app.inject({ method: 'GET', url: '/healthz' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(pings).toHaveBeenCalledTimes(1);
    pings.mockRestore();
    await fresh.close();
  });

  it('healthz answers 503 when the database does not answer', async () => {
    const broken = await startTestApp();
    const down = vi
      .spyOn(broken.db, 'execute')
      .mockImplementation((() => Promise.reject(new Error('down'))) as unknown as typeof broken.db.execute);
    const res = await broken.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    down.mockRestore();
    await broken.close();
  });
});

const APP_JS = `export const app = ${JSON.stringify('breakshot '.repeat(400))};\n`;
const SW_JS = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(400)}\n`;

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'bs-web-'));
    mkdirSync(join(dist, 'assets'));
    // The build's own records (manifest, bundle treemap): not for the public.
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite/manifest.json'), '{}');
    writeFileSync(join(dist, '.vite/stats.html'), '<html></html>');
    // As the build writes them: each file with its .br and .gz beside it.
    for (const [file, content] of [
      ['index.html', '<!doctype html><title>app</title>'],
      ['assets/app-1a2b.js', APP_JS],
      // The installable app's service worker and manifest (apps/web vite.config.ts), as the build writes them.
      ['sw.js', SW_JS],
      ['manifest.webmanifest', '{"name":"Breakshot 台球","start_url":"/home"}'],
    ] as const) {
      writeFileSync(join(dist, file), content);
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(content));
    }
    t = await startTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  it('serves index.html at / and as SPA fallback for page requests', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.body).toContain('<title>app</title>');
    const deep = await t.app.inject({ method: 'GET', url: '/user/qukuan', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>app</title>');
    // A plain curl sends no text/html: app routes still get the app.
    for (const url of ['/home', '/user/touzhuDetails/taiqiu', '/ABC123', '/user/cunkuanDetails?orderNo=D1']) {
      const plain = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.body).toContain('<title>app</title>');
    }
  });

  it('sends the app precompressed as the client accepts, and JSON above the threshold compressed', async () => {
    for (const [url, encoding, decode] of [
      ['/assets/app-1a2b.js', 'br', brotliDecompressSync],
      ['/assets/app-1a2b.js', 'gzip', gunzipSync],
      ['/', 'br', brotliDecompressSync],
      ['/', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, identity` } });
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      const body = decode(res.rawPayload).toString();
      expect(body, url).toBe(url.endsWith('.js') ? APP_JS : '<!doctype html><title>app</title>');
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('serves the service worker and the web app manifest asked for again each time, with their types', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A browser checks for a new version on each page load: no cache may keep an old one.
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(sw.rawPayload).toString()).toBe(SW_JS);
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/home' });
    // The fingerprinted files stay cached for good.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("does not fall back for server paths, files or other methods, nor serve the build's records", async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v9/missing', headers: { accept: 'text/html' } });
    expect(api.json()).toMatchObject({ code: 404 });
    for (const url of [
      '/assets/missing',
      '/assets/missing.js',
      '/favicon.ico',
      '/robots.txt',
      '/pay/x',
      '/provider',
      '/admin/x',
      '/ws/x',
      '/.vite/manifest.json',
      '/.vite/stats.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
