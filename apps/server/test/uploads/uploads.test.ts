import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ErrorCode } from '@breakshot/contracts';
import { assertOwnUploads, DAILY_UPLOADS } from '../../src/modules/uploads/service.js';
import { countRows } from '../helpers/counts.js';
import { registerUser, startTestApp, type TestApp } from '../helpers/test-app.js';
import { pngBytes, upload, uploadPng } from '../helpers/uploads.js';

let t: TestApp;
let alice: string;
let bob: string;
const userIdOf = async (token: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/v9/user/info', headers: { token }, payload: {} })).json().data
    .id as number;

beforeAll(async () => {
  t = await startTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(() => t.close());

const uploadsCount = () => countRows(t.db, 'uploads');

describe('upload', () => {
  it('stores a PNG and serves it at its URL, re-encoded and cacheable', async () => {
    const answer = await upload(t.app, alice, 'feedback', { bytes: await pngBytes(40) });
    expect(answer.code).toBe(200);
    expect(answer.data?.url).toMatch(/^\/api\/v9\/files\/[A-Za-z0-9_-]{22}\.png$/);
    const res = await t.app.inject({ method: 'GET', url: answer.data!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 40]);
  });

  it('drops the metadata of a photo (EXIF with its GPS position) and keeps its format', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'where I live' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await upload(t.app, alice, 'feedback', { bytes: photo, name: 'me.jpg', type: 'image/jpeg' });
    expect(answer.data?.url).toMatch(/\.jpg$/);
    const served = (await t.app.inject({ method: 'GET', url: answer.data!.url })).rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('where I live'))).toBe(false);
  });

  it('crops an avatar to a square of at most 512 pixels', async () => {
    const wide = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#08f' } })
      .webp()
      .toBuffer();
    const answer = await upload(t.app, alice, 'avatar', { bytes: wide, name: 'a.webp', type: 'image/webp' });
    const served = (await t.app.inject({ method: 'GET', url: answer.data!.url })).rawPayload;
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
  });

  it('refuses a renamed executable, whatever its name and declared type say', async () => {
    const before = await uploadsCount();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(600, 0x90)]);
    const answer = await upload(t.app, alice, 'avatar', { bytes: elf, name: 'cat.png', type: 'image/png' });
    expect(answer.code).toBe(ErrorCode.BAD_REQUEST);
    expect(answer.msg).toContain('JPEG');
    expect(answer.data?.field).toBe('file');
    expect(await uploadsCount()).toBe(before);
  });

  it('refuses an image over 2 MB', async () => {
    const before = await uploadsCount();
    // Noise does not compress: a 1000×1000 noise PNG is about 3 MB.
    const noise = Buffer.alloc(1000 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await upload(t.app, alice, 'feedback', { bytes: big });
    expect(answer.code).toBe(ErrorCode.BAD_REQUEST);
    expect(answer.msg).toContain('2 MB');
    expect(await uploadsCount()).toBe(before);
  });

  it('refuses a damaged image that starts like a PNG', async () => {
    const before = await uploadsCount();
    const broken = (await pngBytes(64)).subarray(0, 60);
    const answer = await upload(t.app, alice, 'feedback', { bytes: broken });
    expect(answer.code).toBe(ErrorCode.BAD_REQUEST);
    expect(answer.msg).toContain('损坏');
    expect(await uploadsCount()).toBe(before);
  });

  it('needs a session, a known purpose and a file', async () => {
    expect((await upload(t.app, 'false', 'avatar', { bytes: await pngBytes() })).code).toBe(ErrorCode.UNAUTHORIZED);
    const badPurpose = await upload(t.app, alice, 'passport', { bytes: await pngBytes() });
    expect([badPurpose.code, badPurpose.data?.field]).toEqual([ErrorCode.BAD_REQUEST, 'purpose']);
    const noFile = await upload(t.app, alice, 'avatar', null);
    expect([noFile.code, noFile.data?.field]).toEqual([ErrorCode.BAD_REQUEST, 'file']);
    const json = await t.app.inject({ method: 'POST', url: '/api/v9/upload', headers: { token: alice }, payload: {} });
    expect(json.json().code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('answers 404 for a file that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v9/files/AAAAAAAAAAAAAAAAAAAAAA.png' });
    expect(res.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('stops a player after the daily number of uploads', async () => {
    const carol = await registerUser(t.app);
    const bytes = await pngBytes(8);
    for (let i = 0; i < DAILY_UPLOADS; i++) expect((await upload(t.app, carol, 'feedback', { bytes })).code).toBe(200);
    const over = await upload(t.app, carol, 'feedback', { bytes });
    expect(over.code).toBe(ErrorCode.TOO_MANY);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await upload(t.app, carol, 'feedback', { bytes })).code).toBe(200);
  });

  it('twenty at once near the daily number: only those left are stored', async () => {
    const dave = await registerUser(t.app);
    const bytes = await pngBytes(8);
    for (let i = 0; i < DAILY_UPLOADS - 5; i++)
      expect((await upload(t.app, dave, 'feedback', { bytes })).code).toBe(200);
    const before = await uploadsCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(t.app, dave, 'feedback', { bytes })));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.code === ErrorCode.TOO_MANY)).toHaveLength(15);
    expect(await uploadsCount()).toBe(before + 5);
  });
});

describe('assertOwnUploads', () => {
  it("accepts a player's own upload of that purpose and refuses another's, another purpose or a made-up URL", async () => {
    const mine = await uploadPng(t.app, alice, 'feedback');
    const aliceId = await userIdOf(alice);
    const bobId = await userIdOf(bob);
    await expect(assertOwnUploads(t.db, aliceId, [mine.url], 'feedback')).resolves.toBeUndefined();
    await expect(assertOwnUploads(t.db, bobId, [mine.url], 'feedback')).rejects.toMatchObject({
      messageKey: 'uploadNotYours',
      data: { field: 'images' },
    });
    await expect(assertOwnUploads(t.db, aliceId, [mine.url], 'wechat_qr')).rejects.toMatchObject({
      data: { field: 'qrImage' },
    });
    await expect(
      assertOwnUploads(t.db, aliceId, [mine.url.replace(/\.png$/, '.jpg')], 'feedback'),
    ).rejects.toMatchObject({ messageKey: 'uploadNotYours' });
    await expect(assertOwnUploads(t.db, aliceId, ['https://evil.example/x.png'], 'avatar')).rejects.toMatchObject({
      data: { field: 'avatar' },
    });
  });
});
