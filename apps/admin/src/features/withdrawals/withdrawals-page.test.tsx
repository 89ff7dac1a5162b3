import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const row = {
  orderNo: 'W100',
  userId: 7,
  username: 'player07',
  amount: 1_000_000,
  feeAmount: 2_000,
  netAmount: 998_000,
  status: 'reviewing',
  account: { type: 'usdt', network: 'TRC20', address: 'TQ5h7bF9sXK2mQwW8eYpR3vNz1aLcD4uJk' },
  reason: null,
  createdAt: '2026-11-23T10:00:00Z',
  approvedAt: null,
  paidAt: null,
  rejectedAt: null,
  approvals: [{ operator: 'risk01', at: '2026-11-23T10:01:00Z' }],
  approvalsNeeded: 2,
  turnoverLeft: 25_000,
  risk: ['turnover_unmet', 'large_amount', 'linked_accounts'],
  tags: ['watch'],
  linkedPlayers: 3,
};

function fake(extra: Record<string, () => { code?: number; msg?: string; data?: unknown }> = {}) {
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/queues': () => ({
      data: { manualDeposits: 0, withdrawalsReviewing: 1, withdrawalsApproved: 0, tradingAlerts: 0, newestAt: null },
    }),
    '/withdrawals/list': () => page([row]),
    ...extra,
  });
}

describe('withdrawals queue', () => {
  it("shows a WeChat withdrawal's payment code to scan", async () => {
    logIn(sessionOf('finance', 'fin01'));
    const qr = '/api/v9/files/AbCdEfGhIjKlMnOpQrStUv.png';
    fake({
      '/withdrawals/list': () =>
        page([{ ...row, account: { type: 'wechat', wechatId: 'wx_zhang88', realName: '张小三', qrImage: qr } }]),
    });
    renderApp('/withdrawals');
    const tr = (await screen.findByText('W100')).closest('tr')!;
    expect(within(tr).getByText('wx_zhang88')).toBeTruthy();
    expect(within(tr).getByAltText('微信收款码').getAttribute('src')).toBe(qr);
  });

  it('shows the player’s tags, amount, fee, net, the unmasked account, turnover left, risk hints and approvals 1/2', async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake();
    renderApp('/withdrawals');
    const cells = await screen.findByText('W100');
    const tr = cells.closest('tr')!;
    const r = within(tr);
    expect(r.getByText('¥10,000.00')).toBeTruthy();
    expect(r.getByText('¥20.00')).toBeTruthy();
    expect(r.getByText('¥9,980.00')).toBeTruthy();
    expect(r.getByText('TQ5h7bF9sXK2mQwW8eYpR3vNz1aLcD4uJk')).toBeTruthy();
    expect(r.getByText('¥250.00')).toBeTruthy();
    expect(r.getByTestId('risk-turnover_unmet').textContent).toBe('流水未达标');
    expect(r.getByTestId('risk-large_amount').textContent).toBe('大额');
    expect(r.getByTestId('risk-linked_accounts').textContent).toBe('关联账户 3');
    expect(r.getByText('1/2')).toBeTruthy();
    expect(r.getByTestId('player-tags').textContent).toBe('观察');
    expect(api.last('/withdrawals/list')!.body).toEqual({ status: 'reviewing', page: 1, pageSize: 20 });
    // risk may approve and reject, but paying is finance's.
    expect(r.getByRole('button', { name: /审批通过/ })).toBeTruthy();
    expect(r.queryByRole('button', { name: /确认出款/ })).toBeNull();
  });

  it("approving twice shows the server's 409 message", async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake({ '/withdrawals/approve': () => ({ code: 409, msg: '同一操作员不能重复审批', data: null }) });
    renderApp('/withdrawals');
    fireEvent.click(await screen.findByRole('button', { name: /审批通过/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('同一操作员不能重复审批')).toBeTruthy();
    expect(api.last('/withdrawals/approve')!.body).toEqual({ orderNo: 'W100' });
  });

  it('reject asks for a reason and sends it', async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake({ '/withdrawals/reject': () => ({ data: { orderNo: 'W100', status: 'rejected' } }) });
    renderApp('/withdrawals');
    fireEvent.click(await screen.findByRole('button', { name: /拒\s*绝/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeTruthy();
    expect(api.count('/withdrawals/reject')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: '收款账户与实名不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => expect(api.count('/withdrawals/reject')).toBe(1));
    expect(api.last('/withdrawals/reject')!.body).toEqual({ orderNo: 'W100', reason: '收款账户与实名不符' });
    expect(await screen.findByText('已拒绝该提现')).toBeTruthy();
  });
});
