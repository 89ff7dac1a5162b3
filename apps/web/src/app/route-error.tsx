import { useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/page-state';

/** A page chunk that fails to load (e.g. after a deploy) or a render error. */
export function RouteError() {
  const error = useRouteError();
  console.error('[route]', error);
  return <ErrorState onRetry={() => window.location.reload()} />;
}
