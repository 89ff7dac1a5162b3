import type { UserInfo } from '@breakshot/contracts';

/*
 * The first paint (for page speed). On a slow phone the app's code takes seconds to arrive
 * and run; this small classic script (index.ts, built and put into index.html by vite.config.ts)
 * runs as soon as the page's styles are there, before the app's modules, and on /user, for a player
 * with cached user info, draws the profile header the app is about to draw, from the session the
 * app keeps in localStorage. Same markup, same styles (first-paint.test.tsx compares them with the
 * app's render); the app's first render replaces it with the same content (main.tsx renders once
 * the route's page is loaded). The other pages' first screens are the server's render (src/ssr).
 *
 * Standalone on purpose (no app module at run time): it is start-up code (scripts/size-check.mjs
 * counts it), under 2 KB gzip.
 */

/** The keys and the `{ v, e }` entries of lib/storage.ts (e: expiry in ms, 0 = never). */
export const KEYS = { token: 'token', userInfo: 'user_info' } as const;

function stored<T>(storage: Storage, key: string, now: number): T | null {
  try {
    const entry = JSON.parse(storage.getItem(key) ?? 'null') as { v: T; e: number } | null;
    return entry && (!entry.e || entry.e > now) ? entry.v : null;
  } catch {
    return null;
  }
}

type Child = Node | string | null | false;

/** An element with attributes and children (text set as text: nothing read is parsed as markup). */
function el(doc: Document, tag: string, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== false) node.append(c);
  return node;
}

function userHead(doc: Document, user: UserInfo): HTMLElement {
  const name = user.nickname || user.username;
  const avatar = el(
    doc,
    'div',
    { class: 'avatar user-avatar', 'data-testid': 'avatar' },
    user.avatar ? el(doc, 'img', { src: user.avatar, alt: '' }) : el(doc, 'span', {}, name.slice(0, 1).toUpperCase()),
  );
  const id = el(
    doc,
    'div',
    { class: 'user-id' },
    el(
      doc,
      'div',
      { class: 'user-name' },
      el(doc, 'span', { 'data-testid': 'user-nickname' }, name),
      el(doc, 'span', { class: 'vip-tag' }, `VIP${user.vipLevel}`),
    ),
    el(doc, 'div', { class: 'user-username', 'data-testid': 'user-username' }, `@${user.username}`),
  );
  return el(doc, 'div', { class: 'user' }, el(doc, 'section', { class: 'user-head' }, avatar, id));
}

/**
 * /user's header for a player with cached user info, inside the layout's frame (app/layout.tsx),
 * into `root` (#root) while it is empty. Draws nothing it does not know for sure.
 */
export function firstPaint(root: HTMLElement, path: string, storage: Storage, now = Date.now()): void {
  const user = stored<string>(storage, KEYS.token, now) ? stored<UserInfo>(storage, KEYS.userInfo, now) : null;
  if (path.replace(/\/+$/, '') !== '/user' || !user || root.hasChildNodes()) return;
  const doc = root.ownerDocument;
  root.append(
    el(doc, 'div', { class: 'app-shell has-tab-bar' }, el(doc, 'main', { class: 'app-main' }, userHead(doc, user))),
  );
}
