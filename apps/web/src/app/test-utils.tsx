import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { Providers } from './providers';
import { toRouteObjects } from './router';
import { routes } from '../routes';
import { setNavigate } from '../lib/navigation';

/** Renders the real route table in a memory router at `entry`. */
export function renderApp(entry: InitialEntry) {
  const router = createMemoryRouter(toRouteObjects(routes), { initialEntries: [entry] });
  setNavigate((path) => void router.navigate(path, { replace: true }));
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
