import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import InviteRedirectPage from './invite-redirect-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
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

  it('counts the visit with this browser’s visitor id, without waiting for the answer', async () => {
    const api = fakeApi({ '/agent/link/click': () => new Promise(() => {}) });
    const { router } = visit('AB12CD34');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await waitFor(() => expect(api.count('/agent/link/click')).toBe(1));
    expect(api.bodies('/agent/link/click')).toEqual([{ code: 'AB12CD34', visitor: expect.stringMatching(UUID) }]);
    const visitor = api.bodies('/agent/link/click')[0]!.visitor;
    expect(storage.get('invite_visitor')).toBe(visitor);

    // Another link later: the same visitor.
    cleanup();
    visit('ZX98YW76');
    await waitFor(() => expect(api.count('/agent/link/click')).toBe(2));
    expect(api.bodies('/agent/link/click')[1]).toEqual({ code: 'ZX98YW76', visitor });
  });

  it('a failed count changes nothing for the visitor', async () => {
    fakeApi({ '/agent/link/click': () => ({ code: 500, msg: 'down' }) });
    const { router } = visit('QQ11RR22');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('?invite=QQ11RR22');
  });
});
