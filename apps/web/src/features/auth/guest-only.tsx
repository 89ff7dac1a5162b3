import { useState, type ReactElement } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { pathTo, safeRedirect } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * /login and /register are for guests: a player already logged in when the page opens goes on to
 * the page that asked (?redirect=) or to /user. Decided once, at mount, so a login made on the
 * page itself leaves the navigating to the page.
 */
export function useGuestOnly(): ReactElement | null {
  const [params] = useSearchParams();
  const [loggedIn] = useState(() => useSession.getState().token !== null);
  return loggedIn ? <Navigate to={safeRedirect(params.get('redirect')) ?? pathTo('user')} replace /> : null;
}
