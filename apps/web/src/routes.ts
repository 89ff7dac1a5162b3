import type { ComponentType } from 'react';
import HomePage from './features/home/home-page';
import { PATHS, type RouteId } from './lib/paths';
import type { StartPageId } from './pages';

/**
 * The route table: every route of docs/spec.md §2 with its page (lazy) and meta.
 * A later issue adds its page to pages.ts: one line per route.
 */
export type Tab = 'home' | 'youhui' | 'touzhu' | 'fanshui' | 'user';

export interface RouteMeta {
  /** Show the TopBar (back arrow and title). */
  topBar: boolean;
  /** Bottom tab to highlight; the TabBar shows only on routes that have one. */
  tab?: Tab;
  /** Guests are sent to /login (docs/spec.md §6, improved by docs/screens.md). */
  requireAuth: boolean;
  /** i18n key of the title. */
  title: string;
  /** A logged-in player's parlay bar floats over the page (the matches and a match's page). */
  parlayDock?: true;
}

export type PageModule = { default: ComponentType };

export interface AppRoute {
  id: RouteId;
  path: string;
  meta: RouteMeta;
  page: () => Promise<PageModule>;
}

/** docs/screens.md: public routes; every route under /user (and /user/daili) requires auth. */
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
 * docs/spec.md §2: /home hides the top bar; /user shows its own profile header; the redirect renders nothing;
 * a game plays full screen under its own slim bar.
 */
const NO_TOP_BAR: ReadonlySet<RouteId> = new Set<RouteId>(['home', 'user', 'invite', 'game']);
/** Where the parlay bar shows (picks are added on a match's page; /home leads to the others). */
const PARLAY_DOCK: ReadonlySet<RouteId> = new Set<RouteId>(['home', 'taiqiu']);

const TABS: Partial<Record<RouteId, Tab>> = {
  home: 'home',
  youhui: 'youhui',
  touzhulogs: 'touzhu',
  shishifanshui: 'fanshui',
  user: 'user',
};

/**
 * The first screen's page, part of the start-up chunk (no request of its own before first paint);
 * the invite link's redirect to it; and the player's own page (a tab, often the first screen of a
 * returning player), loaded without waiting for the page table.
 */
export const START_PAGES: Record<StartPageId, () => Promise<PageModule>> = {
  invite: () => import('./features/invite/invite-redirect-page'),
  home: () => Promise.resolve({ default: HomePage }),
  user: () => import('./features/user/user-page'),
};

/**
 * Starts loading the page of `path` when it is a start route's with a chunk of its own (/user,
 * not /home); says whether it did (main.tsx: in a task before the router's).
 */
export function loadStartPage(path: string): boolean {
  const id = (Object.keys(START_PAGES) as StartPageId[]).find((k) => PATHS[k] === path);
  if (!id || id === 'home') return false;
  void START_PAGES[id]();
  return true;
}

/** The page table of every other route (pages.ts), loaded on the first visit to one of them. */
const pageTable = () => import('./pages').then((m) => m.PAGES);

const isStartPage = (id: RouteId): id is StartPageId => id in START_PAGES;

const pageOf = (id: RouteId): (() => Promise<PageModule>) =>
  isStartPage(id) ? START_PAGES[id] : async () => (await pageTable())[id]();

function route(id: RouteId): AppRoute {
  const path = PATHS[id];
  return {
    id,
    path,
    meta: {
      topBar: !NO_TOP_BAR.has(id),
      ...(TABS[id] ? { tab: TABS[id] } : {}),
      ...(PARLAY_DOCK.has(id) ? { parlayDock: true as const } : {}),
      requireAuth: !PUBLIC.has(id),
      title: `title.${id}`,
    },
    page: pageOf(id),
  };
}

export const routes: readonly AppRoute[] = (Object.keys(PATHS) as RouteId[]).map(route);
