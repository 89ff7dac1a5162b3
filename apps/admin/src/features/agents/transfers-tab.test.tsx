import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';
import { agentHandlers } from './fixtures';

const transfer = (id: number) => ({
  id,
  agentId: 2,
  agentUsername: 'mid',
  memberId: 3,
  memberUsername: 'leaf',
  amount: 50_000,
  turnoverMultiple: 3,
  remark: '首充代付',
  createdAt: '2026-11-20T08:30:00Z',
});

describe('agent transfers', () => {
  it('lists by page with the total, filters by username and days, and downloads the CSV of the filters', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      ...agentHandlers('finance'),
      '/agents/transfers': (b) => {
        const p = Number(b.page);
        return { data: { list: [transfer(p * 10 + 1)], total: 41, page: p, pageSize: 20, totalAmount: 2_050_000 } };
      },
      '/agents/transfers.csv': () =>
        new Response('id,agent\n11,mid\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    renderApp('/agents');
    fireEvent.click(await screen.findByRole('tab', { name: '代充记录' }, { timeout: 8_000 }));

    const row = (await screen.findByText('11')).closest('tr')!;
    for (const text of ['¥500.00', '3 倍', '首充代付', 'mid', 'leaf']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 41 笔 · 合计 ¥20,500.00')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('21')).toBeTruthy();
    expect(api.last('/agents/transfers')!.body).toEqual({ page: 2, pageSize: 20 });

    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'mid' } });
    const [start, end] = screen.getAllByPlaceholderText(/日期/) as HTMLInputElement[];
    fireEvent.mouseDown(start!);
    fireEvent.change(start!, { target: { value: '2026-11-01' } });
    fireEvent.keyDown(start!, { key: 'Enter' });
    fireEvent.change(end!, { target: { value: '2026-11-30' } });
    fireEvent.keyDown(end!, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.last('/agents/transfers')!.body).toMatchObject({ username: 'mid', page: 1 }));
    const body = api.last('/agents/transfers')!.body;
    // The days on the site's clock (UTC+8), whatever the computer's zone: from the first day's
    // midnight to the midnight after the last.
    expect(body.from).toBe('2026-10-31T16:00:00.000Z');
    expect(body.to).toBe('2026-11-30T16:00:00.000Z');

    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => {};
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      await waitFor(() => expect(api.count('/agents/transfers.csv')).toBe(1));
    } finally {
      HTMLAnchorElement.prototype.click = orig;
    }
    expect(api.last('/agents/transfers.csv')!.body).toEqual({ username: 'mid', from: body.from, to: body.to });
  });

  it("a transfer's agent opens its details; from there 查看下级 goes back to the tree at its members", async () => {
    logIn(sessionOf('risk'));
    fakeApi({
      ...agentHandlers('risk'),
      '/agents/transfers': () => ({
        data: { list: [transfer(1)], total: 1, page: 1, pageSize: 20, totalAmount: 50_000 },
      }),
    });
    const { router } = renderApp('/agents?tab=transfers');
    fireEvent.click(await screen.findByText('mid', { selector: 'td a' }, { timeout: 8_000 }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: /查看下级/ }));
    expect(await screen.findByText('leaf', { selector: 'td a' })).toBeTruthy();
    expect(router.state.location.search).toBe('?parent=2');
    expect(screen.getByRole('tab', { name: '代理树', selected: true })).toBeTruthy();
  });
});
