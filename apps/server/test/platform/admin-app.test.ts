import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const CONSOLE_HTML = '<!doctype html><title>console</title>';
const CONSOLE_JS = 'export const console = 1;\n';

describe('serving the built operator console at /admin/', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'bs-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    const adminDist = mkdtempSync(join(tmpdir(), 'bs-admin-'));
    mkdirSync(join(adminDist, 'assets'));
    writeFileSync(join(adminDist, 'index.html'), CONSOLE_HTML);
    writeFileSync(join(adminDist, 'assets', 'console-1a2b.js'), CONSOLE_JS);
    t = await startTestApp({ webDist: web, adminDist });
  });
  afterAll(() => t.close());

  it("serves the console's index.html at /admin/ and for its routes (history fallback)", async () => {
    for (const url of ['/admin/', '/admin/players', '/admin/players/alice', '/admin/login?next=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CONSOLE_HTML);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The player app keeps its own routes.
    const player = await t.app.inject({ method: 'GET', url: '/home' });
    expect(player.body).toContain('<title>app</title>');
  });

  it('redirects /admin to /admin/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/admin/');
  });

  it('serves the assets cached for good, and a missing asset is a 404, not the page', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/admin/assets/console-1a2b.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe(CONSOLE_JS);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('console');
  });

  it('leaves the operator API alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/nothing-here' });
    expect(res.body).not.toBe(CONSOLE_HTML);
    // The API's 404 envelope, as under /api/v9.
    expect(res.json()).toMatchObject({ code: 404, data: null });
  });
});
