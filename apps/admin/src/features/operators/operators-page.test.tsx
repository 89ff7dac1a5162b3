import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleFakes, fakeApi } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const row = (username: string, extra: object = {}) => ({
  username,
  role: 'finance',
  status: 'active',
  passwordSet: true,
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

  it('新建操作员: a name and a role, then the one-time setup link to copy, shown once', async () => {
    const session = sessionOf('admin');
    logIn(session);
    const me = session.operator.username;
    const token = 'T'.repeat(43);
    const api = fakeApi({
      ...consoleFakes('admin', me),
      '/operators/list': () => ({ data: { list: [row(me, { role: 'admin' })] } }),
      '/operators/invite': (b) => ({
        data: {
          operator: row(b.username as string, { role: b.role, passwordSet: false, totp: false }),
          token,
          expiresAt: '2026-11-24T10:00:00Z',
        },
      }),
    });
    renderApp('/operators');
    fireEvent.click(await screen.findByRole('button', { name: /新建操作员/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(
      await within(dialog).findByText(/3–32 位字母、数字、点、下划线或连字符/, {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(api.count('/operators/invite')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'cashier.li' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '角色' }));
    fireEvent.click(await screen.findByText('财务', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.last('/operators/invite')?.body).toEqual({ username: 'cashier.li', role: 'finance' }),
    );
    const link = await screen.findByTestId('setup-link');
    expect(link.textContent).toBe(`${window.location.origin}/admin/setup/${token}`);
    expect(screen.getByText('cashier.li 的设置链接')).toBeTruthy();
  });

  it('a pending operator gets a new link for a reason; another operator’s role changes with a reason, never one’s own', async () => {
    const session = sessionOf('admin');
    logIn(session);
    const me = session.operator.username;
    const api = fakeApi({
      ...consoleFakes('admin', me),
      '/operators/list': () => ({
        data: { list: [row(me, { role: 'admin' }), row('newbie', { passwordSet: false, totp: false })] },
      }),
      '/operators/setup-link': () => ({
        data: {
          operator: row('newbie', { passwordSet: false, totp: false }),
          token: 'N'.repeat(43),
          expiresAt: '2026-11-24T10:00:00Z',
        },
      }),
      '/operators/set-role': (b) => ({ data: row('newbie', { role: b.role, passwordSet: false, totp: false }) }),
    });
    renderApp('/operators');
    const newbie = (await screen.findByText('newbie')).closest('tr')!;
    expect(within(newbie).getByText('待通过链接设置密码')).toBeTruthy();
    expect(within(newbie).queryByRole('button', { name: /重置验证器/ })).toBeNull();
    const mine = within(screen.getByRole('table'))
      .getByText(new RegExp(`^${me}`))
      .closest('tr')!;
    expect(within(mine).queryByRole('button', { name: /更改角色/ })).toBeNull();

    fireEvent.click(within(newbie).getByRole('button', { name: /重新生成链接/ }));
    const renew = await screen.findByRole('dialog');
    expect(renew.textContent).toContain('之前生成的链接将立即失效');
    fireEvent.change(within(renew).getByLabelText('原因'), { target: { value: '链接过期' } });
    fireEvent.click(within(renew).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.last('/operators/setup-link')?.body).toEqual({ username: 'newbie', reason: '链接过期' }),
    );
    expect((await screen.findByTestId('setup-link')).textContent).toContain(`/admin/setup/${'N'.repeat(43)}`);
    fireEvent.click(screen.getByRole('button', { name: /已复制，关闭/ }));

    fireEvent.click(within(newbie).getByRole('button', { name: /更改角色/ }));
    const role = await screen.findByRole('dialog', { name: '更改 newbie 的角色' });
    fireEvent.mouseDown(within(role).getByRole('combobox', { name: '新角色' }));
    fireEvent.click(await screen.findByText('风控', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(role).getByLabelText('原因'), { target: { value: '调岗' } });
    fireEvent.click(within(role).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.last('/operators/set-role')?.body).toEqual({ username: 'newbie', role: 'risk', reason: '调岗' }),
    );
  });
});
