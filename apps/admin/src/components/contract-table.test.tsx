import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentsAdmin, playersAdmin } from '@breakshot/contracts';
import { fakeApi, page } from '../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../test/render';
import { ContractTable } from './contract-table';

const player = (id: number) => ({
  id,
  username: `player${id}`,
  nickname: `P${id}`,
  status: 'active',
  vipLevel: 1,
  balance: 123456,
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
});

const columns = [
  { title: '用户名', dataIndex: 'username' },
  { title: '余额', dataIndex: 'balance' },
];

describe('ContractTable', () => {
  it('shows the rows of the page and asks the server for the page the operator picks', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      '/players/list': (b) => {
        const p = Number(b.page);
        return page([player(p * 100 + 1), player(p * 100 + 2)], 45, p, Number(b.pageSize));
      },
    });
    renderWithProviders(<ContractTable call={playersAdmin.playersList} rowKey="id" columns={columns} />);
    expect(await screen.findByText('player101')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(api.last('/players/list')!.body).toEqual({ page: 1, pageSize: 20 });

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('player201')).toBeTruthy();
    expect(api.last('/players/list')!.body).toEqual({ page: 2, pageSize: 20 });
  });

  it('sends the filters of the form and goes back to page 1', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      '/players/list': (b) => page(b.q === 'zed' ? [{ ...player(9), username: 'zed' }] : [player(1)], 1),
    });
    renderWithProviders(
      <ContractTable
        call={playersAdmin.playersList}
        rowKey="id"
        columns={columns}
        filters={[{ name: 'q', label: '用户名' }]}
      />,
    );
    await screen.findByText('player1');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('zed')).toBeTruthy();
    expect(api.last('/players/list')!.body).toEqual({ q: 'zed', page: 1, pageSize: 20 });
  });

  it('shows the empty state, and the server message when the list fails', async () => {
    logIn(sessionOf('finance'));
    fakeApi({ '/players/list': () => page([]) });
    const first = renderWithProviders(<ContractTable call={playersAdmin.playersList} rowKey="id" columns={columns} />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    first.unmount();
    fakeApi({ '/players/list': () => ({ code: 403, msg: '无权访问' }) });
    renderWithProviders(<ContractTable call={playersAdmin.playersList} rowKey="id" columns={columns} />);
    expect((await screen.findAllByText('无权访问')).length).toBeGreaterThan(0);
  });

  it('offers 导出 CSV only for calls with csv, posting the filters (no paging) to path.csv', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      '/deposits/pending': () => page([]),
      '/players/list': () => page([player(1)]),
      '/players/list.csv': () => new Response('id\n1\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const noCsv = renderWithProviders(
      <ContractTable
        call={paymentsAdmin.depositsPending}
        rowKey="orderNo"
        columns={[{ title: '订单号', dataIndex: 'orderNo' }]}
      />,
    );
    await waitFor(() => expect(api.count('/deposits/pending')).toBe(1));
    expect(screen.queryByRole('button', { name: /导出 CSV/ })).toBeNull();
    noCsv.unmount();

    const { container } = renderWithProviders(
      <ContractTable
        call={playersAdmin.playersList}
        rowKey="id"
        columns={columns}
        filters={[{ name: 'q', label: '用户名' }]}
      />,
    );
    await screen.findByText('player1');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'ali' } });
    fireEvent.click(within(container).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.last('/players/list')!.body).toMatchObject({ q: 'ali' }));
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => {};
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      await waitFor(() => expect(api.count('/players/list.csv')).toBe(1));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(api.last('/players/list.csv')!.body).toEqual({ q: 'ali' });
  });
});
