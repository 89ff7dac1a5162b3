/**
 * The page's boot data: the public data the server put into it for its first screen
 * (apps/server platform/app-shell.ts, app/boot-data.ts), if it has some (a page served by another
 * server, or the server's own render, src/ssr, has none).
 */
export function readBootData<T>(doc: Document | undefined = globalThis.document): T | null {
  const text = doc?.getElementById('boot-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
