import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerLinks } from './player-links';

const READ = '/players/risk/links';

const linked = (userId: number, username: string, reasons: string[], tags: string[] = []) => ({
  userId,
  username,
  reasons,
  tags,
});

describe('关联账户', () => {
  it('lists each linked player with why they are linked, their tags and a link to their page', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      [READ]: () => ({
        data: {
          list: [linked(8, 'twin08', ['device', 'account'], ['bonus_hunter']), linked(9, 'cafe09', ['address'])],
          total: 2,
        },
      }),
    });
    renderWithProviders(
      <MemoryRouter>
        <PlayerLinks userId={7} />
      </MemoryRouter>,
    );
    const table = await screen.findByTestId('player-links');
    expect(api.last(READ)!.body).toEqual({ userId: 7 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['twin08同设备同收款账户套利', 'cafe09同 IP（30 天内）']);
    expect(within(rows[0]!).getByRole('link', { name: 'twin08' }).getAttribute('href')).toBe('/players/twin08');
  });

  it('says when none is found, and how many are not shown', async () => {
    logIn(sessionOf('finance'));
    fakeApi({ [READ]: () => ({ data: { list: [], total: 0 } }) });
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <PlayerLinks userId={7} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('未发现关联账户')).toBeTruthy();
    unmount();
    fakeApi({ [READ]: () => ({ data: { list: [linked(8, 'twin08', ['mobile'])], total: 120 } }) });
    renderWithProviders(
      <MemoryRouter>
        <PlayerLinks userId={7} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('共 120 个关联玩家，显示关联最多的 1 个')).toBeTruthy();
  });

  it('is not shown to a role that does not read players’ risk', () => {
    logIn(sessionOf('content'));
    fakeApi({});
    const { container } = renderWithProviders(
      <MemoryRouter>
        <PlayerLinks userId={7} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
