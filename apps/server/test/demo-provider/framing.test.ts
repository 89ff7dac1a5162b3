import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * The player app frames the demo pages sandboxed without allow-same-origin: they run in an opaque
 * origin (Origin: null), so their script, styles and calls reach the provider as cross-origin requests.
 */
describe('the demo pages in the player app’s sandboxed frame', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demoProvider: true, scheduler: false });
  });
  afterAll(() => t.close());

  const fromFrame = { origin: 'null' };

  it('the page may be framed by our own app only', async () => {
    const page = await t.app.inject({ url: '/demo-provider/play?game=demo-slot' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('its module script, styles and pictures load from the opaque origin', async () => {
    for (const file of ['slot.js', 'common.js', 'style.css', 'lucky-nine.svg']) {
      const res = await t.app.inject({ url: `/demo-provider/static/${file}`, headers: fromFrame });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('its JSON calls pass the preflight, and their answers, failures included, are readable', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/demo-provider/api/slot/spin',
      headers: {
        ...fromFrame,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');

    const refused = await t.app.inject({
      method: 'POST',
      url: '/demo-provider/api/session',
      headers: fromFrame,
      payload: { token: 'not-a-launch-token', user: '1', game: 'demo-slot', currency: 'CNY' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.json()).toHaveProperty('error');
  });

  it('the site’s own calls stay closed to other origins', async () => {
    const res = await t.app.inject({ url: '/api/v9/config', headers: fromFrame });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
