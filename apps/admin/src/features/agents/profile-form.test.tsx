import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';
import { agentHandlers, mid } from './fixtures';

/** Opens mid's details (upline boss) and its edit form as admin. */
async function openForm(save: (body: Record<string, unknown>) => { code?: number; msg?: string; data?: unknown }) {
  logIn(sessionOf('admin'));
  const api = fakeApi({ ...agentHandlers('admin'), '/agents/profile/save': save });
  renderApp('/agents?agent=2');
  // Waits for the lazy page too: generous on a busy machine.
  const drawer = await screen.findByRole('dialog', {}, { timeout: 8_000 });
  fireEvent.click(await within(drawer).findByRole('button', { name: /编辑返佣与分红/ }));
  const form = (await screen.findAllByRole('dialog')).at(-1)!;
  expect(within(form).getByText('编辑 mid 的返佣与分红')).toBeTruthy();
  return { api, form };
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;

describe('agent profile form', () => {
  it('admin sets rates and ratio typed in percent: sent in basis points with the reason', async () => {
    const { api, form } = await openForm(({ reason: _reason, ...saved }) => ({ data: { ...mid, ...saved } }));
    expect(field(form, '台球返佣（%）').value).toBe('1.20');
    expect(field(form, '分红比例（%）').value).toBe('30.00');
    // The upline's own rates bound the form (the server checks them).
    expect(await within(form).findByText('上级 boss：2.00%')).toBeTruthy();

    fireEvent.change(field(form, '台球返佣（%）'), { target: { value: '1.35' } });
    fireEvent.change(field(form, '电子返佣（%）'), { target: { value: '0.5' } });
    fireEvent.change(field(form, '分红比例（%）'), { target: { value: '25' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    // No reason: nothing is sent.
    expect(await within(form).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/agents/profile/save')).toBe(0);

    fireEvent.change(within(form).getByLabelText('原因'), { target: { value: '签约大代理' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/agents/profile/save')).toBe(1));
    expect(api.last('/agents/profile/save')!.body).toEqual({
      id: 2,
      kind: 'agent',
      rates: { taiqiu: 135, slots: 50, poker: 50 },
      dividendRatioBp: 2500,
      reason: '签约大代理',
    });
    expect(await screen.findByText('已保存 mid 的返佣与分红')).toBeTruthy();
  });

  it("shows the server's 422 for a rate above the upline's, at the field it names, and keeps the form", async () => {
    const { api, form } = await openForm(() => ({
      code: 422,
      msg: '台球返佣不能高于上级的 2%',
      data: { field: 'rates.taiqiu' },
    }));
    fireEvent.change(field(form, '台球返佣（%）'), { target: { value: '2.5' } });
    fireEvent.change(within(form).getByLabelText('原因'), { target: { value: '调整' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/agents/profile/save')).toBe(1));
    expect(api.last('/agents/profile/save')!.body).toMatchObject({ rates: { taiqiu: 250 } });
    const error = await within(form).findByText('台球返佣不能高于上级的 2%', {
      selector: '.ant-form-item-explain-error',
    });
    expect(error.closest('.ant-form-item')!.querySelector('#rates_taiqiu')).toBeTruthy();
    expect(screen.getByText('编辑 mid 的返佣与分红')).toBeTruthy();
  });

  it('a refusal without a field is shown above the reason; a member is saved with ratio 0', async () => {
    const { api, form } = await openForm(() => ({ code: 404, msg: '用户不存在' }));
    fireEvent.click(within(form).getByText('会员'));
    await waitFor(() => expect(within(form).queryByLabelText('分红比例（%）')).toBeNull());
    expect(within(form).getByText('会员没有分红比例，保存为 0。')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('原因'), { target: { value: '降为会员' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/agents/profile/save')).toBe(1));
    expect(api.last('/agents/profile/save')!.body).toMatchObject({ kind: 'member', dividendRatioBp: 0 });
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toContain('用户不存在');
  });
});
