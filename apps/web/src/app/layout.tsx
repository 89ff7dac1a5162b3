import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageSkeleton } from '../components/ui/page-state';
import { serverDrawnPart } from '../lib/server-drawn-part';
import { useSession } from '../lib/session';
import type { RouteMeta } from '../routes';
import { AuthGate } from './guard';
import { AppTabBar } from './tab-bar';

const TopBar = serverDrawnPart(() => import('./top-bar'));
/** Loaded once a player is logged in: guests never download it. */
const RealityReminder = lazy(() => import('./reality-reminder'));
/** The parlay bar and slip: loaded on the pages that show it, for a logged-in player. */
const ParlayDock = lazy(() => import('../features/taiqiu/parlay-dock').then((m) => ({ default: m.ParlayDock })));

/** The meta of the deepest matched route. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle) return handle;
  }
  return undefined;
}

export function RootLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  const token = useSession((s) => s.token);

  // docs/spec.md §4: on every navigation while logged in, user info is refreshed.
  useEffect(() => {
    const { token, loadUserInfo } = useSession.getState();
    if (token) void loadUserInfo();
  }, [location.key]);

  return (
    <div className={`app-shell${meta?.tab ? ' has-tab-bar' : ''}${meta?.topBar ? ' has-top-bar' : ''}`}>
      {meta?.topBar && (
        <Suspense fallback={<div className="top-bar top-bar-placeholder" />}>
          <TopBar titleKey={meta.title} />
        </Suspense>
      )}
      <main className="app-main">
        <AuthGate meta={meta}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </AuthGate>
        {token && meta?.parlayDock && (
          <Suspense fallback={null}>
            <ParlayDock />
          </Suspense>
        )}
      </main>
      {meta?.tab && <AppTabBar active={meta.tab} />}
      {token && (
        <Suspense fallback={null}>
          <RealityReminder />
        </Suspense>
      )}
    </div>
  );
}
