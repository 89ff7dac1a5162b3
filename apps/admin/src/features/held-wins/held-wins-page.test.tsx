import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const held = {
  id: 41,
  providerId: 'demo',
  gameCode: 'demo-fruit',
  username: 'alice01',
  round: 'R-77',
  transactionUuid: '5d0b6f3e-0000-4000-8000-000000000002',
  betNo: 'B20261120001',
  winAmount: 1_500_000,
  creditedAmount: 500_000,
  amount: 1_000_000,
  roundStakes: 100,
  maxWinMultiple: 5000,
  status: 'waiting',
  decidedBy: null as string | null,
  decidedAt: null as string | null,
  reason: null as string | null,
  createdAt: '2026-11-20T08:31:00Z',
};
const decided = (status: 'released' | 'refused', reason: string | null) => ({
  ...held,
  status,
  decidedBy: 'risk01',
  decidedAt: '2026-11-20T09:00:00Z',
  reason,
});

function fake(role: Role) {
  return fakeApi({
    ...consoleFakes(role, 'risk01'),
    '/games/held-wins': (b) =>
      page(
        b.status === 'waiting' ? [held] : b.status === 'refused' ? [decided('refused', '供应商确认为错误派彩')] : [],
      ),
    '/games/held-win/release': (b) => ({ data: decided('released', (b.reason as string | undefined) ?? null) }),
    '/games/held-win/refuse': (b) => ({ data: decided('refused', b.reason as string) }),
  });
}

describe('held wins queue', () => {
  it('shows each waiting win with the round’s stakes, its limit and what was credited and held', async () => {
    logIn(sessionOf('finance'));
    const api = fake('finance');
    renderApp('/held-wins');
    const tr = (await screen.findByRole('link', { name: 'alice01' })).closest('tr')!;
    const r = within(tr);
    expect(r.getByText('demo-fruit')).toBeTruthy();
    // The limit: the round's stakes × the multiple.
    expect(r.getByText('本局投注 ¥1.00 × 5,000')).toBeTruthy();
    expect(r.getAllByText('¥5,000.00')).toHaveLength(2);
    expect(r.getByText('¥15,000.00')).toBeTruthy();
    expect(r.getByText('¥10,000.00')).toBeTruthy();
    expect(api.last('/games/held-wins')!.body).toEqual({ status: 'waiting', page: 1, pageSize: 20 });

    // The row's details: the ids to quote to the provider.
    fireEvent.click(within(tr).getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText('5d0b6f3e-0000-4000-8000-000000000002')).toBeTruthy();
    expect(screen.getByText('B20261120001')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('玩家'), { target: { value: 'alice01' } });
    fireEvent.change(screen.getByLabelText('游戏代码'), { target: { value: 'demo-fruit' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.last('/games/held-wins')!.body).toEqual({
        status: 'waiting',
        username: 'alice01',
        gameCode: 'demo-fruit',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('releases a held win with an optional note', async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake('risk');
    renderApp('/held-wins');
    fireEvent.click(await screen.findByRole('button', { name: '放行 41' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('放行 ¥10,000.00 给 alice01');
    fireEvent.click(within(dialog).getByRole('button', { name: /放\s*行/ }));
    await waitFor(() => expect(api.count('/games/held-win/release')).toBe(1));
    expect(api.last('/games/held-win/release')!.body).toEqual({ id: 41 });
    expect(await screen.findByText('已放行，金额已入账')).toBeTruthy();
  });

  it('refuses only with a reason, and lists refused wins with who decided and why', async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake('risk');
    renderApp('/held-wins');
    fireEvent.click(await screen.findByRole('button', { name: '拒绝 41' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeTruthy();
    expect(api.count('/games/held-win/refuse')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: '供应商确认为错误派彩' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => expect(api.count('/games/held-win/refuse')).toBe(1));
    expect(api.last('/games/held-win/refuse')!.body).toEqual({ id: 41, reason: '供应商确认为错误派彩' });
    expect(await screen.findByText('已拒绝该笔派彩')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '已拒绝' }));
    const tr = (await screen.findByRole('cell', { name: '供应商确认为错误派彩' })).closest('tr')!;
    expect(within(tr).getByText('risk01')).toBeTruthy();
    expect(within(tr).queryByRole('button', { name: /放行/ })).toBeNull();
  });

  it('is not in the menu of a role that may not review', async () => {
    logIn(sessionOf('content'));
    fakeApi({
      ...consoleFakes('content', 'c'),
      '/notices/list': () => page([]),
    });
    renderApp('/held-wins');
    expect(await screen.findByText('当前角色无权访问此页面')).toBeTruthy();
  });
});
