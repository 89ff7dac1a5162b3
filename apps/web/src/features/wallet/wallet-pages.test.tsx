import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { fakeApi } from '../../test/fake-api';
import { passcodeInput, renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import { WALLET_TEXTS } from './i18n';
import { DepositForm } from './deposit-form';
import { WithdrawForm } from './withdraw-form';

const sandbox = {
  id: 1,
  name: '沙盒支付',
  type: 'sandbox',
  adapter: 'sandbox',
  minAmount: 10_000,
  maxAmount: 5_000_000,
  presets: [10_000, 50_000],
  feeRate: 0,
  bonusRate: 100,
  recommended: true,
  hours: { open: '00:00', close: '00:00' },
  openNow: true,
};
const usdt = {
  ...sandbox,
  id: 2,
  name: 'USDT-TRC20',
  type: 'usdt',
  adapter: 'manual',
  recommended: false,
  minAmount: 50_000,
};

const withdrawConfig = {
  balance: 300_000,
  frozen: 0,
  withdrawable: 300_000,
  minAmount: 10_000,
  maxAmount: 1_000_000,
  feeRateBps: 150,
  feeMinAmount: 200,
  dailyCount: 3,
  usedToday: 1,
  turnover: { required: 100_000, done: 100_000, left: 0 },
  hasFundPassword: true,
  locked: null,
};
const bankAccount = {
  id: 7,
  type: 'bank',
  masked: '****0128',
  isDefault: true,
  createdAt: '2026-03-01T00:00:00Z',
  bankName: '招商银行',
  holder: '张*',
  branch: '北京朝阳支行',
};

afterEach(() => vi.unstubAllGlobals());

describe('/user/chongzhi deposit form', () => {
  it('keeps the amount within the chosen channel limits; a valid amount starts the order and opens the pay page', async () => {
    const api = fakeApi({
      '/user/recharge/payConfig': () => ({ code: 200, data: { channels: [sandbox, usdt] } }),
      '/user/recharge/startPay': () => ({
        code: 200,
        data: {
          orderNo: 'D1',
          payUrl: '/pay/sandbox/D1',
          expiresAt: '2030-01-01T00:00:00Z',
          amount: 20_000,
          fee: 0,
          bonus: 200,
          creditedAmount: 20_200,
          instructions: null,
        },
      }),
    });
    const tab = { go: vi.fn(() => 'tab' as const), cancel: vi.fn() };
    const cashier = vi.fn(() => tab);
    renderAt(<DepositForm cashier={cashier} />);
    const amount = (await screen.findByTestId('deposit-amount-input')) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '99' } });
    expect(screen.getByTestId('deposit-amount-error').textContent).toBe('充值金额须在 ¥100.00 至 ¥50,000.00 之间');
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    expect(api.bodies('/user/recharge/startPay')).toHaveLength(0);

    // The USDT channel's minimum is higher: the same amount is re-checked against it.
    fireEvent.change(amount, { target: { value: '200' } });
    expect(screen.queryByTestId('deposit-amount-error')).toBeNull();
    fireEvent.click(screen.getByTestId('channel-usdt'));
    expect(screen.getByTestId('deposit-amount-error').textContent).toBe('充值金额须在 ¥500.00 至 ¥50,000.00 之间');
    fireEvent.click(screen.getByTestId('channel-sandbox'));
    expect(screen.getByTestId('deposit-estimate').textContent).toContain('¥202.00');
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    // The cashier tab opens during the tap, then goes to the gateway once the order exists.
    await waitFor(() => expect(tab.go).toHaveBeenCalledWith('/pay/sandbox/D1'));
    expect(cashier).toHaveBeenCalledTimes(1);
    expect(tab.cancel).not.toHaveBeenCalled();
    expect(api.bodies('/user/recharge/startPay')).toEqual([{ channelId: 1, amount: 20_000 }]);
  });

  it('manual channel: shows the address with a QR code, the exact amount and the countdown', async () => {
    fakeApi({
      '/user/recharge/payConfig': () => ({ code: 200, data: { channels: [usdt] } }),
      '/user/recharge/startPay': () => ({
        code: 200,
        data: {
          orderNo: 'D2',
          payUrl: null,
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
          amount: 50_000,
          fee: 0,
          bonus: 0,
          creditedAmount: 50_000,
          instructions: {
            kind: 'usdt',
            network: 'TRC20',
            address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
            amount: 50_000,
            usdtAmount: 6_945,
            rate: 7.2,
            note: '',
          },
        },
      }),
    });
    renderAt(<DepositForm cashier={vi.fn(() => ({ go: vi.fn(() => 'tab' as const), cancel: vi.fn() }))} />);
    fireEvent.click(await screen.findByTestId('preset-50000'));
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    expect(await screen.findByTestId('manual-order')).toBeTruthy();
    expect(screen.getByTestId('usdt-address').textContent).toBe('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
    expect(screen.getByTestId('qr-code').querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    // The player sends USDT at the order's rate; ¥500.00 is what gets credited.
    expect(screen.getByTestId('usdt-amount').textContent).toBe('69.45');
    expect(screen.getByTestId('usdt-rate').textContent).toBe('1 USDT = ¥7.2000（以下单时为准）');
    expect(screen.getByTestId('instructions-amount').textContent).toBe('¥500.00');
    expect(screen.getByTestId('manual-order').textContent).toContain('由财务核对确认入账');
    expect(screen.getByTestId('manual-order').textContent).not.toContain('自动');
    expect(screen.getByTestId('countdown').textContent).toMatch(/(29:5\d|30:00)/);
  });
});

describe('/user/qukuan withdraw form', () => {
  beforeEach(() => useSession.setState({ userInfo: null }));

  it('without a fund password: the notice offers to set one and the submit is disabled', async () => {
    fakeApi({
      '/user/withdraw/config': () => ({ code: 200, data: { ...withdrawConfig, hasFundPassword: false } }),
      '/user/withdraw/accounts': () => ({ code: 200, data: { list: [], defaultType: null, maxPerType: 5 } }),
    });
    renderAt(<WithdrawForm />);
    expect(await screen.findByTestId('fund-password-notice')).toBeTruthy();
    expect(screen.getByTestId('no-accounts')).toBeTruthy();
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('preselects the default account, 全部 fills the withdrawable amount, confirm shows fee and net, 429 shows the lock', async () => {
    const api = fakeApi({
      '/user/withdraw/config': () => ({ code: 200, data: withdrawConfig }),
      '/user/withdraw/accounts': () => ({
        code: 200,
        data: { list: [bankAccount], defaultType: 'bank', maxPerType: 5 },
      }),
      '/user/withdraw/addWithdraw': () => ({
        code: 429,
        msg: '资金密码错误次数过多，请 15 分钟后再试',
        data: { retryAfter: 900 },
      }),
    });
    const { container } = renderAt(<WithdrawForm />);
    expect((await screen.findByTestId('withdraw-account-7')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('times-left').textContent).toBe('2 / 3 次');
    fireEvent.click(screen.getByTestId('withdraw-all'));
    expect((screen.getByTestId('withdraw-amount-input') as HTMLInputElement).value).toBe('3000');
    fireEvent.change(passcodeInput(container, 'withdraw-fund-password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('confirm-fee')).textContent).toBe('¥45.00');
    expect(screen.getByTestId('confirm-net').textContent).toBe('¥2,955.00');
    await act(async () => fireEvent.click(screen.getByTestId('confirm-withdraw')));
    expect(api.bodies('/user/withdraw/addWithdraw')).toEqual([
      { accountId: 7, amount: 300_000, fundPassword: '123456' },
    ]);
    expect((await screen.findByTestId('withdraw-locked')).textContent).toBe('资金密码错误次数过多，请 15 分钟后再试');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('wallet texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(WALLET_TEXTS));
});
