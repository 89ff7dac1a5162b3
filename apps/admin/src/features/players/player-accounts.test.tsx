import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerAccounts } from './player-accounts';

const LIST = '/withdrawals/player-accounts';
const REVEAL = '/withdrawals/player-accounts/reveal';
const CARD = '6222021234567890128';

const accounts = [
  {
    id: 3,
    type: 'usdt',
    masked: 'TJRabP…RTv8',
    network: 'TRC20',
    alias: null,
    isDefault: true,
    createdAt: '2026-11-23T10:00:00Z',
  },
  {
    id: 4,
    type: 'bank',
    masked: '****0128',
    bankName: '招商银行',
    holder: '张*三',
    branch: '深圳南山支行',
    isDefault: false,
    createdAt: '2026-11-23T11:00:00Z',
  },
];

function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [LIST]: () => ({ data: { list: accounts } }),
    [REVEAL]: () => ({
      data: { type: 'bank', bankName: '招商银行', holder: '张小三', cardNumber: CARD, branch: '深圳南山支行' },
    }),
    ...handlers,
  });
}

const rowOf = (id: number) => screen.getByTestId(`masked-${id}`).closest('tr') as HTMLElement;

describe('收款账户', () => {
  it('lists the bound accounts masked, with network, bank and the masked name, and which is the default', async () => {
    logIn(sessionOf('finance'));
    const api = fake();
    renderWithProviders(<PlayerAccounts userId={7} />);
    expect((await screen.findByTestId('masked-3')).textContent).toBe('TJRabP…RTv8');
    expect(api.last(LIST)!.body).toEqual({ userId: 7 });
    const bank = within(rowOf(4));
    expect(bank.getByText('****0128')).toBeTruthy();
    expect(bank.getByText('招商银行 · 张*三')).toBeTruthy();
    expect(within(rowOf(3)).getByText('是')).toBeTruthy();
    expect(document.body.textContent).not.toContain(CARD);
  });

  it('查看完整 asks for a reason first, then shows the account in full', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderWithProviders(<PlayerAccounts userId={7} />);
    await screen.findByTestId('masked-4');
    fireEvent.click(within(rowOf(4)).getByRole('button', { name: /查看完整/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('查看完整账户：银行卡 ****0128');
    fireEvent.click(within(dialog).getByRole('button', { name: /查看完整/ }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.last(REVEAL)).toBeUndefined();

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '核对同卡多账户' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查看完整/ }));
    await waitFor(() => expect(api.last(REVEAL)?.body).toEqual({ userId: 7, accountId: 4, reason: '核对同卡多账户' }));
    const revealed = await within(dialog).findByTestId('revealed-account');
    expect(revealed.textContent).toContain(CARD);
    expect(revealed.textContent).toContain('张小三');
  });

  it('says so when none is bound, and shows a refused reveal in the operator’s words', async () => {
    logIn(sessionOf('risk'));
    fake({ [LIST]: () => ({ data: { list: [] } }) });
    const view = renderWithProviders(<PlayerAccounts userId={7} />);
    expect(await screen.findByText('未绑定收款账户')).toBeTruthy();
    view.unmount();

    fake({ [REVEAL]: () => ({ code: 404, msg: '收款账户不存在', data: null }) });
    renderWithProviders(<PlayerAccounts userId={7} />);
    await screen.findByTestId('masked-4');
    fireEvent.click(within(rowOf(4)).getByRole('button', { name: /查看完整/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '核对' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查看完整/ }));
    expect(await screen.findByText('收款账户不存在')).toBeTruthy();
    expect(within(dialog).queryByTestId('revealed-account')).toBeNull();
  });
});
