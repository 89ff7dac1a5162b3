import { DEFAULT_RUNTIME_CONFIG, runtimeConfig, setRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config';

/** Fetches /config.json (docs/spec.md §3); a failure is only logged and the defaults stay. Sets the page title. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl('/config.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const json = (await res.json()) as Partial<RuntimeConfig>;
    setRuntimeConfig(json);
  } catch (err) {
    console.warn('[config] /config.json not loaded, using defaults', err);
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  }
  document.title = runtimeConfig().VITE_PAGE_TITLE;
  return runtimeConfig();
}
