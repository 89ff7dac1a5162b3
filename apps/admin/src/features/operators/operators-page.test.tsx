import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleFakes, fakeApi } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const row = (username: string, extra: object = {}) => ({
  username,
  role: 'finance',
  status: 'active',
  totp: true,
  createdAt: '2026-11-20T10:00:00Z',
  ...extra,
});

describe('operator accounts', () => {
  it('disables another operator with a reason, resets an authenticator, and offers no self-disable', async () => {
    const session = sessionOf('admin');
    logIn(session);
    const me = session.operator.username;
    const api = fakeApi({
      ...consoleFakes('admin', me),
      '/operators/list': () => ({ data: { list: [row(me, { role: 'admin' }), row('clerk')] } }),
      '/operators/set-status': (b) => ({ data: row('clerk', { status: (b as { status: string }).status }) }),
      '/operators/reset-totp': () => ({ data: row('clerk', { totp: false }) }),
    });
    renderApp('/operators');
    const clerk = (await screen.findByText('clerk')).closest('tr')!;
    const mine = within(screen.getByRole('table'))
      .getByText(new RegExp(`^${me}`))
      .closest('tr')!;
    expect(within(mine).queryByRole('button', { name: /停\s*用/ })).toBeNull();

    fireEvent.click(within(clerk).getByRole('button', { name: /停\s*用/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/operators/set-status')).toBe(0);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '离职' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.last('/operators/set-status')?.body).toEqual({
        username: 'clerk',
        reason: '离职',
        status: 'disabled',
      }),
    );

    fireEvent.click(within(clerk).getByRole('button', { name: /重置验证器/ }));
    const reset = await screen.findByRole('dialog');
    fireEvent.change(within(reset).getByLabelText('原因'), { target: { value: '手机丢失' } });
    fireEvent.click(within(reset).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.last('/operators/reset-totp')?.body).toEqual({ username: 'clerk', reason: '手机丢失' }),
    );
  });
});
