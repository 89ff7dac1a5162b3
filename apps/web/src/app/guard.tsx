import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppRunning } from '../lib/browser-value';
import { t } from '../lib/i18n';
import { pathTo } from '../lib/paths';
import { isLoggedIn } from '../lib/session';
import { showToast } from '../lib/toast';
import type { RouteMeta } from '../routes';

/** docs/spec.md §9: the guard waits this long after its toast before going to /login. */
export const LOGIN_GUARD_DELAY_MS = 500;

/**
 * docs/spec.md §6 route guard: a guest opening a route that requires auth sees "请先登录" and 500 ms later
 * lands on /login; `redirect` carries the asked page so login returns there (an improvement of docs/screens.md).
 * It runs on navigation (like a beforeEach guard), not when the session ends on a page. The server,
 * which has no session (it lives in the browser), draws the page as its skeleton (src/ssr), for the
 * app to draw over.
 */
export function AuthGate({ meta, children }: { meta: RouteMeta | undefined; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = location.pathname + location.search;
  const running = useAppRunning();
  const blocked = useMemo(() => running && !!meta?.requireAuth && !isLoggedIn(), [location.key, meta, running]);

  useEffect(() => {
    if (!blocked) return;
    void showToast(t('guard.loginFirst'));
    const timer = setTimeout(() => {
      void navigate(pathTo('login', {}, { redirect: asked }), { replace: true });
    }, LOGIN_GUARD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blocked, asked, navigate]);

  return blocked ? null : children;
}
