import type { UserInfo } from '@breakshot/contracts';
import type { BootData } from '../app/boot-data';

/*
 * The first paint (for page speed). On a slow phone the app's code takes seconds to arrive
 * and run; this small classic script (index.ts, built and put into index.html by vite.config.ts)
 * runs as soon as the page's styles are there and draws the top of the first screen the app is
 * about to draw, from what the page already holds: the data the server put into it (#boot-data,
 * app/boot-data.ts) and the session the app keeps in localStorage. Same markup, same styles, same
 * texts (first-paint.test.tsx compares them with the app's render); the app's first render replaces
 * it with the same content (main.tsx renders once the route's page is loaded). It draws only what
 * is known for sure, else nothing: /home for a guest (header, account card, banners), /user for a
 * player with cached user info (the profile header).
 *
 * Standalone on purpose (no app module at run time): it is start-up code (scripts/size-check.mjs
 * counts it), under 2 KB gzip.
 */

/** The keys and the `{ v, e }` entries of lib/storage.ts (e: expiry in ms, 0 = never). */
export const KEYS = { token: 'token', userInfo: 'user_info', language: 'language' } as const;

/** The texts of the guest's account card and the carousel's label (features/home/i18n*.ts). */
export const TEXTS = {
  'zh-CN': {
    welcome: '欢迎来到',
    guestHint: '登录后即可投注、充值与领取优惠',
    login: '登录',
    register: '注册',
    banners: '活动横幅',
  },
  en: {
    welcome: 'Welcome to',
    guestHint: 'Log in to bet, deposit and claim promotions',
    login: 'Log in',
    register: 'Sign up',
    banners: 'Promotions',
  },
};

type Lang = keyof typeof TEXTS;

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

/** A react-router <Link>, as it renders. */
const link = (doc: Document, attrs: Record<string, string>, ...children: Child[]) =>
  el(doc, 'a', { ...attrs, 'data-discover': 'true' }, ...children);

/** The Logo component's mark (components/ui/logo.tsx), as React renders it. */
const LOGO =
  '<svg width="34" height="34" viewBox="0 0 48 48" aria-hidden="true"><defs><linearGradient id="bs-ring" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe08a"></stop><stop offset="1" stop-color="#d4912a"></stop></linearGradient><radialGradient id="bs-ball" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#3a4a7a"></stop><stop offset="1" stop-color="#0a1228"></stop></radialGradient></defs><circle cx="24" cy="24" r="22" fill="url(#bs-ball)" stroke="url(#bs-ring)" stroke-width="3"></circle><circle cx="24" cy="24" r="10" fill="#f6f3ea"></circle><text x="24" y="28.5" text-anchor="middle" font-size="13" font-weight="800" fill="#0a1228" font-family="Arial, sans-serif">8</text><ellipse cx="16" cy="13" rx="5" ry="3" fill="rgba(255,255,255,0.25)" transform="rotate(-30 16 13)"></ellipse></svg>';

type Home = NonNullable<BootData['home']>;

/** Where a content banner leads (features/home/home-banners.tsx noticeTarget). */
const noticeHref = (n: { id: number; link: string | null }) =>
  n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : `/details/${n.id}`;

/** The carousel as it first shows: the first slide, and a dot per slide. */
function banners(doc: Document, home: Home, label: string): HTMLElement | null {
  const slides = [
    ...home.banners.list.map((b) => ({ ...b, href: noticeHref(b), attr: 'data-banner-id' })),
    ...home.promos.map((p) => ({ ...p, href: `/user/youhuiDetails?id=${p.id}`, attr: 'data-promotion-id' })),
  ];
  const first = slides[0];
  if (!first) return null;
  const slide = link(
    doc,
    { class: 'home-banner-slide', [first.attr]: String(first.id), href: first.href },
    first.image && el(doc, 'img', { alt: '', draggable: 'false', loading: 'eager', src: first.image }),
    el(
      doc,
      'span',
      { class: `home-banner-caption${first.image ? '' : ' home-banner-plain'}` },
      el(doc, 'strong', {}, first.title),
      el(doc, 'span', {}, first.summary),
    ),
  );
  const dots =
    slides.length > 1 &&
    el(
      doc,
      'div',
      { class: 'home-banner-dots', 'aria-hidden': 'true' },
      ...slides.map((_, i) => el(doc, 'span', i ? {} : { class: 'on' })),
    );
  return el(
    doc,
    'div',
    { class: 'home-banner', 'data-testid': 'banner-carousel' },
    el(doc, 'div', { class: 'home-banner-track', 'aria-label': label }, slide),
    dots,
  );
}

function homeForGuest(doc: Document, boot: BootData, lang: Lang): HTMLElement | null {
  if (!boot.home || boot.lang !== lang) return null;
  const t = TEXTS[lang];
  const site = boot.sys.siteName;
  const header = el(doc, 'header', { class: 'home-header' }, el(doc, 'h1', { class: 'home-title gold-text' }, site));
  header.insertAdjacentHTML('afterbegin', LOGO);
  const text = el(
    doc,
    'p',
    { class: 'home-guest-text' },
    el(doc, 'span', { class: 'muted' }, t.welcome),
    ' ',
    el(doc, 'strong', {}, site),
    el(doc, 'br', {}),
    el(doc, 'span', { class: 'muted small' }, t.guestHint),
  );
  const actions = el(
    doc,
    'div',
    { class: 'home-guest-actions' },
    link(doc, { class: 'btn btn-ghost', href: '/login' }, t.login),
    link(doc, { class: 'btn btn-gold', href: '/register' }, t.register),
  );
  const account = el(
    doc,
    'section',
    { class: 'home-account card' },
    el(doc, 'div', { class: 'home-guest' }, text, actions),
  );
  return el(doc, 'div', { class: 'home' }, header, account, banners(doc, boot.home, t.banners));
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

/** The page of `path` as far as it is known, inside the layout's frame (app/layout.tsx); else null. */
export function firstPaint(doc: Document, path: string, storage: Storage, now = Date.now()): HTMLElement | null {
  const boot = JSON.parse(doc.getElementById('boot-data')?.textContent || 'null') as BootData | null;
  const lang: Lang = stored(storage, KEYS.language, now) === 'en' ? 'en' : 'zh-CN';
  const token = stored<string>(storage, KEYS.token, now);
  const user = token ? stored<UserInfo>(storage, KEYS.userInfo, now) : null;
  const route = path.replace(/\/+$/, '');
  const page =
    route === '/home' && boot && !token
      ? homeForGuest(doc, boot, lang)
      : route === '/user' && user
        ? userHead(doc, user)
        : null;
  return page && el(doc, 'div', { class: 'app-shell has-tab-bar' }, el(doc, 'main', { class: 'app-main' }, page));
}
