import type { ComponentType } from 'react';
import { PATHS, type RouteId } from './lib/paths';

/**
 * The route table: every route of SPEC §2 with its page (lazy) and meta.
 * A later issue replaces `notYet` with its page module: one line per route.
 */
export type Tab = 'home' | 'youhui' | 'touzhu' | 'fanshui' | 'user';

export interface RouteMeta {
  /** Show the TopBar (back arrow and title). */
  topBar: boolean;
  /** Bottom tab to highlight; the TabBar shows only on routes that have one. */
  tab?: Tab;
  /** Guests are sent to /login (SPEC §6, SCREENS improvement). */
  requireAuth: boolean;
  /** i18n key of the title. */
  title: string;
}

export type PageModule = { default: ComponentType };

export interface AppRoute {
  id: RouteId;
  path: string;
  meta: RouteMeta;
  page: () => Promise<PageModule>;
}

/** The shared "not available yet" page for routes whose page belongs to a later issue. */
const notYet = () => import('./features/placeholder/not-available-page');

/** SCREENS.md: public routes; every route under /user (and /user/daili) requires auth. */
const PUBLIC: ReadonlySet<RouteId> = new Set<RouteId>([
  'invite',
  'home',
  'login',
  'register',
  'wangjipass',
  'newpass',
  'taiqiuguize',
  'taiqiu',
  'details',
]);

/** SPEC §2: /home hides the top bar; /user shows its own profile header; the redirect renders nothing. */
const NO_TOP_BAR: ReadonlySet<RouteId> = new Set<RouteId>(['home', 'user', 'invite']);

const TABS: Partial<Record<RouteId, Tab>> = {
  home: 'home',
  youhui: 'youhui',
  touzhulogs: 'touzhu',
  shishifanshui: 'fanshui',
  user: 'user',
};

/** Pages that exist; every other route renders `notYet`. */
const PAGES: Partial<Record<RouteId, () => Promise<PageModule>>> = {
  invite: () => import('./features/invite/invite-redirect-page'),
  home: () => import('./features/home/home-page'),
  login: () => import('./features/auth/login-page'),
  register: () => import('./features/auth/register-page'),
  user: () => import('./features/user/user-page'),
  taiqiu: () => import('./features/taiqiu/match-page'),
  details: () => import('./features/content/details-page'),
  taiqiuguize: () => import('./features/content/taiqiuguize-page'),
  touzhugiuze: () => import('./features/content/touzhugiuze-page'),
  touzhulogs: () => import('./features/bets/touzhulogs-page'),
  touzhuDetails: () => import('./features/bets/touzhu-details-page'),
  touzhutaiqiu: () => import('./features/bets/touzhutaiqiu-page'),
  chongzhi: () => import('./features/deposit/chongzhi-page'),
  cunkuanDetails: () => import('./features/deposit/cunkuan-details-page'),
  qukuan: () => import('./features/withdraw/qukuan-page'),
  qukuanDetails: () => import('./features/withdraw/qukuan-details-page'),
  account: () => import('./features/accounts/account-page'),
  bdusdt: () => import('./features/accounts/account-pages').then((m) => ({ default: m.BdusdtPage })),
  usdtadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.UsdtaddPage })),
  weixinqukuan: () => import('./features/accounts/account-pages').then((m) => ({ default: m.WeixinqukuanPage })),
  weixinadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.WeixinaddPage })),
  yhkqukuan: () => import('./features/accounts/account-pages').then((m) => ({ default: m.YhkqukuanPage })),
  yhkadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.YhkaddPage })),
  zfbqukuan: () => import('./features/accounts/account-pages').then((m) => ({ default: m.ZfbqukuanPage })),
  zfbadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.ZfbaddPage })),
  zijinmingxi: () => import('./features/fund-details/zijinmingxi-page'),
  mingxiDetails: () => import('./features/fund-details/mingxi-details-page'),
};

function route(id: RouteId): AppRoute {
  const path = PATHS[id];
  return {
    id,
    path,
    meta: {
      topBar: !NO_TOP_BAR.has(id),
      ...(TABS[id] ? { tab: TABS[id] } : {}),
      requireAuth: !PUBLIC.has(id),
      title: `title.${id}`,
    },
    page: PAGES[id] ?? notYet,
  };
}

export const routes: readonly AppRoute[] = (Object.keys(PATHS) as RouteId[]).map(route);

export const isPlaceholder = (r: AppRoute): boolean => r.page === notYet;
