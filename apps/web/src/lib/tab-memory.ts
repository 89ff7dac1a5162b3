import { useBrowserValue } from './browser-value';

/**
 * What this browser tab remembers under `key` (sessionStorage: it survives a reload and a trip
 * to another page, not the tab), or null: nothing kept, storage refused, or no browser at all (the
 * server's render, src/ssr, draws the default).
 */
export function tabRemembered(key: string): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * tabRemembered for a page the server renders: null there and while the app hydrates it, the
 * tab's value from the render after (lib/browser-value.ts). A component keeps the player's own
 * choice in its state and falls back to this.
 */
export const useTabRemembered = (key: string): string | null => useBrowserValue(() => tabRemembered(key), null);
