/** Runtime configuration (docs/spec.md §3), filled from /config.json at start-up by the app. */
export interface RuntimeConfig {
  VITE_API_BASE_URL: string;
  VITE_PAGE_TITLE: string;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = { VITE_API_BASE_URL: '/', VITE_PAGE_TITLE: 'Breakshot' };

let current: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };

export function runtimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(next: Partial<RuntimeConfig>): void {
  current = {
    VITE_API_BASE_URL: next.VITE_API_BASE_URL || DEFAULT_RUNTIME_CONFIG.VITE_API_BASE_URL,
    VITE_PAGE_TITLE: next.VITE_PAGE_TITLE || DEFAULT_RUNTIME_CONFIG.VITE_PAGE_TITLE,
  };
}
