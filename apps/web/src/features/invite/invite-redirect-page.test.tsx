import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import InviteRedirectPage from './invite-redirect-page';

/** The redirect at /:inviteCode? beside /home, as in the route table. */
function visit(code: string) {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <div data-testid="home" /> },
      { path: '/:inviteCode?', element: <InviteRedirectPage /> },
    ],
    { initialEntries: [`/${code}`] },
  );
  render(<RouterProvider router={router} />);
  return { router };
}

describe('/:inviteCode click counting', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts the visit without waiting for the answer, sending no visitor id of its own', async () => {
    const api = fakeApi({ '/agent/link/click': () => new Promise(() => {}) });
    const { router } = visit('AB12CD34');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await waitFor(() => expect(api.count('/agent/link/click')).toBe(1));
    // The server knows the visitor by the HttpOnly cookie it sets: an id made up here would count nothing.
    expect(api.bodies('/agent/link/click')).toEqual([{ code: 'AB12CD34' }]);
    expect(storage.get('invite_visitor')).toBeNull();

    // Another link later: counted there too.
    cleanup();
    visit('ZX98YW76');
    await waitFor(() => expect(api.count('/agent/link/click')).toBe(2));
    expect(api.bodies('/agent/link/click')[1]).toEqual({ code: 'ZX98YW76' });
  });

  it('a failed count changes nothing for the visitor', async () => {
    fakeApi({ '/agent/link/click': () => ({ code: 500, msg: 'down' }) });
    const { router } = visit('QQ11RR22');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('?invite=QQ11RR22');
  });
});
