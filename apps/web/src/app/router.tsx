import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSkeleton } from '../components/ui/page-state';
import { routes, type AppRoute } from '../routes';
import { RootLayout } from './layout';
import { RouteError } from './route-error';

/** Maps the route table to React Router objects: the route's id as theirs, meta as `handle`, pages lazy. */
export function toRouteObjects(table: readonly AppRoute[]): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: PageSkeleton,
      children: [
        ...table.map((r): RouteObject => ({
          id: r.id,
          path: r.path,
          handle: r.meta,
          lazy: async () => ({ Component: (await r.page()).default }),
        })),
        {
          path: '*',
          lazy: async () => ({ Component: (await import('../features/placeholder/not-found-page')).default }),
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(toRouteObjects(routes));
