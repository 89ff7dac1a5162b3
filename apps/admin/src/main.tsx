import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { appRoutes } from './app/router';
import { BASENAME } from './lib/paths';
import { createQueryClient } from './lib/query-client';

const router = createBrowserRouter(appRoutes(), { basename: BASENAME });

createRoot(document.getElementById('root')!).render(
  <Providers client={createQueryClient()}>
    <RouterProvider router={router} />
  </Providers>,
);
