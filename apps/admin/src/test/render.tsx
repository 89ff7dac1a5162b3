import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { appRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { setSession, type OperatorSession, type Role } from '../lib/session';

export const sessionOf = (role: Role, username = `${role}01`): OperatorSession => ({
  token: `tok-${role}`,
  operator: { username, role },
  expiresAt: '2099-01-01T00:00:00.000Z',
  timeZone: 'Asia/Shanghai',
});

/** Stores a logged-in session as the login page would (localStorage). */
export function logIn(session: OperatorSession | null) {
  setSession(session);
}

/** The whole console (routes, guards, layout) at `path`. */
export function renderApp(path: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, client };
}

/** One component with the providers (antd App, query client). */
export function renderWithProviders(ui: ReactNode) {
  const client = createQueryClient();
  return { ...render(<Providers client={client}>{ui}</Providers>), client };
}
