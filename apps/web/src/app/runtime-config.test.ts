import { afterEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from '../lib/runtime-config';
import { loadRuntimeConfig } from './runtime-config';

describe('runtime config (/config.json)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the file and sets the page title', async () => {
    const f = vi.fn(
      async () => new Response(JSON.stringify({ VITE_API_BASE_URL: 'https://api.x/', VITE_PAGE_TITLE: '台球' })),
    );
    await loadRuntimeConfig(f as unknown as typeof fetch);
    expect(f).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(runtimeConfig()).toEqual({ VITE_API_BASE_URL: 'https://api.x/', VITE_PAGE_TITLE: '台球' });
    expect(document.title).toBe('台球');
  });

  it('a failure is only logged; defaults / and Breakshot', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadRuntimeConfig((async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch);
    expect(warn).toHaveBeenCalled();
    expect(runtimeConfig()).toEqual({ VITE_API_BASE_URL: '/', VITE_PAGE_TITLE: 'Breakshot' });
    expect(document.title).toBe('Breakshot');
  });
});
