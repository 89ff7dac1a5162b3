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
