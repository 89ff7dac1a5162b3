import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { CAPTCHA_TTL_MS } from '../../src/modules/captcha/service.js';
import { call, captchaId, startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('getCode returns an id and a PNG raster of a few KB: no SVG, no path, nothing of a glyph outline', async () => {
    const res = await call(t.app, auth.captchaGetCode);
    expect(res.code).toBe(200);
    expect(res.data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.data.image).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(res.data.image.split(',')[1] ?? '', 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 208, height: 76 });
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(bytes.length).toBeLessThan(8_000);
    // Before, the SVG carried each character as the font's glyph path, read by matching the paths.
    const text = bytes.toString('latin1');
    for (const vector of ['<svg', '<path', ' d="', 'xmlns']) expect(text).not.toContain(vector);
  });

  it('each image is drawn anew: the same answer never gives the same picture', async () => {
    const [a, b] = await Promise.all([call(t.app, auth.captchaGetCode), call(t.app, auth.captchaGetCode)]);
    expect(a.data.image).not.toBe(b.data.image);
    const pixels = async (image: string) =>
      sharp(Buffer.from(image.split(',')[1] ?? '', 'base64'))
        .raw()
        .toBuffer();
    const [pa, pb] = await Promise.all([pixels(a.data.image), pixels(b.data.image)]);
    let differ = 0;
    for (let i = 0; i < pa.length; i += 1) if (pa[i] !== pb[i]) differ += 1;
    // The test code is the same text in both: the characters and their noise moved all over.
    expect(differ / pa.length).toBeGreaterThan(0.3);
  });

  it('checkCode accepts the right answer (any case) without using the captcha up', async () => {
    const id = await captchaId(t.app);
    const first = await call(t.app, auth.captchaCheckCode, { captchaId: id, captchaCode: TEST_CAPTCHA.toLowerCase() });
    expect(first).toMatchObject({ code: 200, data: {} });
    const second = await call(t.app, auth.captchaCheckCode, { captchaId: id, captchaCode: TEST_CAPTCHA });
    expect(second.code).toBe(200);
  });

  it('a wrong answer is refused and burns the captcha', async () => {
    const id = await captchaId(t.app);
    const wrong = await call(t.app, auth.captchaCheckCode, { captchaId: id, captchaCode: 'NOPE' });
    expect(wrong).toMatchObject({ code: 400, msg: '验证码错误，请重新输入', data: { field: 'captchaCode' } });
    const right = await call(t.app, auth.captchaCheckCode, { captchaId: id, captchaCode: TEST_CAPTCHA });
    expect(right).toMatchObject({ code: 400, msg: '验证码已失效，请刷新' });
  });

  it('expires after 2 minutes', async () => {
    const id = await captchaId(t.app);
    t.clock.advance(CAPTCHA_TTL_MS + 1);
    const res = await call(t.app, auth.captchaCheckCode, { captchaId: id, captchaCode: TEST_CAPTCHA }, { lang: 'en' });
    expect(res).toMatchObject({ code: 400, msg: 'The captcha has expired, please get a new one' });
  });

  it('an unknown id is refused', async () => {
    const res = await call(t.app, auth.captchaCheckCode, { captchaId: 'nope', captchaCode: TEST_CAPTCHA });
    expect(res.code).toBe(400);
  });

  it.each([
    ['captchaId', { captchaCode: TEST_CAPTCHA }, '验证码编号: 必填'],
    ['captchaId', { captchaId: 5, captchaCode: TEST_CAPTCHA }, '验证码编号: 格式不正确'],
    ['captchaCode', { captchaId: 'x' }, '验证码: 必填'],
    ['captchaCode', { captchaId: 'x', captchaCode: 'x'.repeat(9) }, '验证码: 过长'],
    ['extra', { captchaId: 'x', captchaCode: 'y', extra: 1 }, 'extra: 包含未知字段'],
  ])('checkCode with bad %s → 400 naming it', async (field, body, msg) => {
    const res = await call(t.app, auth.captchaCheckCode, body);
    expect(res).toEqual({ code: 400, msg, data: { field } });
  });

  it('without a test code the answer is the drawn text, not the test code', async () => {
    const real = await startTestApp({ captchaTestCode: undefined });
    try {
      const id = await captchaId(real.app);
      const res = await call(real.app, auth.captchaCheckCode, { captchaId: id, captchaCode: TEST_CAPTCHA });
      expect(res.code).toBe(400);
    } finally {
      await real.close();
    }
  });
});
