import type { ComponentType } from 'react';
import { PATHS, type RouteId } from './lib/paths';

/**
 * The route table: every route of SPEC §2 with its page (lazy) and meta.
 * A later issue adds its page to pages.ts: one line per route.
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

/**
 * SPEC §2: /home hides the top bar; /user shows its own profile header; the redirect renders nothing;
 * a game plays full screen under its own slim bar.
 */
const NO_TOP_BAR: ReadonlySet<RouteId> = new Set<RouteId>(['home', 'user', 'invite', 'game']);

const TABS: Partial<Record<RouteId, Tab>> = {
  home: 'home',
  youhui: 'youhui',
  touzhulogs: 'touzhu',
  shishifanshui: 'fanshui',
  user: 'user',
};

/** The first screen's page (and the invite link's redirect to it), loaded straight from the start-up chunk. */
const START_PAGES: Partial<Record<RouteId, () => Promise<PageModule>>> = {
  invite: () => import('./features/invite/invite-redirect-page'),
  home: () => import('./features/home/home-page'),
};

/** The page table of every other route (pages.ts), loaded on the first visit to one of them. */
const pageTable = () => import('./pages').then((m) => m.PAGES);

const pageOf = (id: RouteId): (() => Promise<PageModule>) =>
  START_PAGES[id] ?? (async () => ((await pageTable())[id] ?? notYet)());

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
    page: pageOf(id),
  };
}

export const routes: readonly AppRoute[] = (Object.keys(PATHS) as RouteId[]).map(route);

/** A route whose page is still the shared not-available page. */
export const isPlaceholder = async (r: AppRoute): Promise<boolean> => !START_PAGES[r.id] && !(await pageTable())[r.id];
