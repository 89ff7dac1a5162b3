import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { walletKeys } from '../../lib/wallet-keys';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import UserPage from './user-page';

const debt = (owed: number) => () => ({ code: 200, data: { owed, moves: [] } });

describe('/user: what a result correction left owing', () => {
  beforeEach(() => useSession.setState({ token: 'tok', userInfo: demoUser }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the notice right below the balance card', async () => {
    fakeApi({ '/user/debt': debt(5000) });
    const { container } = renderAt(<UserPage />, '/user', '/user');
    const notice = await screen.findByTestId('debt-notice');
    expect(notice.textContent).toContain('待扣回欠款¥50.00');
    expect(container.querySelector('.user-wallet')?.nextElementSibling).toBe(notice);
  });

  it('shows none when nothing is owed', async () => {
    fakeApi({ '/user/debt': debt(0) });
    const { client } = renderAt(<UserPage />, '/user', '/user');
    await waitFor(() => expect(client.getQueryState(walletKeys.debt())?.status).toBe('success'));
    expect(screen.getByTestId('user-nickname')).toBeTruthy();
    expect(screen.queryByTestId('debt-notice')).toBeNull();
  });
});
