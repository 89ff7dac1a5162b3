import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

type Handler = (body: Record<string, unknown>) => { code: number; msg?: string; data?: unknown };

export const SYS = {
  siteName: 'Breakshot',
  currency: 'CNY',
  currencySymbol: '¥',
  timeZone: 'Asia/Shanghai',
  serviceUrl: '',
  registerEnabled: true,
  inviteCodeRequired: false,
};

/** A fetch stub answering /api/v9/<path> from handlers (config answered by default); records calls. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const all: Record<string, Handler> = { '/config': () => ({ code: 200, data: { sys: SYS } }), ...handlers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v9/, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const res = all[path]?.(body) ?? { code: 404, msg: 'not found' };
      return new Response(JSON.stringify({ msg: 'ok', data: null, ...res }));
    }),
  );
  return { calls, bodies: (p: string) => calls.filter((c) => c.path === p).map((c) => c.body) };
}

/** Renders a page element inside a fresh query client and a memory router at `url`. */
export function renderPage(element: ReactElement, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}

/** Types into antd-mobile's PasscodeInput inside the element with this test id. */
export function passcodeInput(container: HTMLElement, testId: string): HTMLInputElement {
  const input = container.querySelector(`[data-testid="${testId}"] input`);
  if (!input) throw new Error(`no passcode input in ${testId}`);
  return input as HTMLInputElement;
}

/** Renders a component inside a fresh query client (money texts read the site config). */
export function renderWithQuery(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}
