/* Test helpers (imported by *.test.tsx only): rendering a page with its query client and router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';

/**
 * Renders `element` on route `path` of a memory router opened at `entry`, with a fresh query client
 * (no retries; `staleTime` as given). /login and every other path show a stub.
 */
export function renderAt(element: ReactElement, path = '*', entry: InitialEntry = '/', { staleTime = 0 } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/login', element: <div data-testid="login-stub" /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}

/** Renders a component inside a fresh query client that fetches nothing (money texts read the site config). */
export function renderWithQuery(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

/** The input of a PasscodeField inside the element with this test id (type into it). */
export function passcodeInput(container: HTMLElement, testId: string): HTMLInputElement {
  const input = container.querySelector(`[data-testid="${testId}"] input`);
  if (!input) throw new Error(`no passcode input in ${testId}`);
  return input as HTMLInputElement;
}
