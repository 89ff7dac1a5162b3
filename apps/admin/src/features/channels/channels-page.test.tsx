import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const channel = {
  id: 3,
  name: 'Alipay',
  type: 'alipay',
  adapter: 'manual',
  enabled: false,
  available: true,
  minAmount: 5000,
  maxAmount: 2000000,
};
const settings = {
  minAmount: 10000,
  maxAmount: 5000000,
  feeRateBps: 100,
  feeMinAmount: 200,
  dualApprovalAmount: 1000000,
};

function fake(role: Role) {
  return fakeApi({
    ...consoleFakes(role),
    '/channels/list': () => ({ data: { list: [channel] } }),
    '/channels/set-enabled': () => ({ data: { ...channel, enabled: true } }),
    '/withdrawals/settings': () => ({ data: settings }),
    '/withdrawals/settings/dual-approval': () => ({ data: { ...settings, dualApprovalAmount: 2000000 } }),
  });
}

describe('pay channels', () => {
  it('finance switches a channel on; the dual-approval amount is admin-only', async () => {
    logIn(sessionOf('finance'));
    const api = fake('finance');
    renderApp('/channels');
    fireEvent.click(await screen.findByRole('switch', { name: '启用 Alipay' }));
    await waitFor(() => expect(api.last('/channels/set-enabled')?.body).toEqual({ id: 3, enabled: true }));
    expect(await screen.findByText('已启用 Alipay')).toBeTruthy();
    expect(await screen.findByText('¥10,000.00')).toBeTruthy();
    expect(screen.getByText('仅管理员可修改')).toBeTruthy();
  });

  it('admin changes the dual-approval amount in yuan (sent in minor units)', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/channels');
    const input = await screen.findByLabelText('修改双人审批金额（元）');
    fireEvent.change(input, { target: { value: '20000' } });
    fireEvent.click(screen.getAllByRole('button', { name: /保\s*存/ }).at(-1)!);
    await waitFor(() =>
      expect(api.last('/withdrawals/settings/dual-approval')?.body).toEqual({ dualApprovalAmount: 2000000 }),
    );
  });
});
