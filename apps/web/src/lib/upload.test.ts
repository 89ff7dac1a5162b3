import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http';
import { setRuntimeConfig } from './runtime-config';
import { SESSION_TTL_MS, storage, TOKEN_KEY } from './storage';
import { fitsUploadLimit, uploadImage } from './upload';
import { fakeApi } from '../test/fake-api';

describe('uploadImage', () => {
  beforeEach(() => {
    setRuntimeConfig({ VITE_API_BASE_URL: '/' });
    storage.set(TOKEN_KEY, 'tok9', SESSION_TTL_MS);
  });
  afterEach(() => {
    storage.remove(TOKEN_KEY);
    vi.unstubAllGlobals();
  });

  it('posts the purpose and the file as multipart with the session token, and resolves with the URL', async () => {
    const api = fakeApi({ '/upload': () => ({ code: 200, data: { id: 'x', url: '/api/v9/files/x.png' } }) });
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await expect(uploadImage(file, 'avatar')).resolves.toEqual({ id: 'x', url: '/api/v9/files/x.png' });
    const [url] = api.fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v9/upload');
    const [sent] = api.of('/upload');
    expect(sent!.headers.token).toBe('tok9');
    // The browser must set the multipart boundary itself.
    expect(sent!.headers['Content-Type']).toBeUndefined();
    expect(sent!.body.purpose).toBe('avatar');
    expect((sent!.body.file as File).name).toBe('me.png');
  });

  it('rejects a refused file with the server message and field', async () => {
    fakeApi({ '/upload': () => ({ code: 400, msg: '图片不能超过 2 MB', data: { field: 'file' } }) });
    const err = await uploadImage(new Blob(['x']), 'feedback').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 400, data: { field: 'file' } });
  });

  it('tells a file over 2 MB before sending it', () => {
    expect(fitsUploadLimit(new Blob([new Uint8Array(2 * 1024 * 1024)]))).toBe(true);
    expect(fitsUploadLimit(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]))).toBe(false);
  });
});
