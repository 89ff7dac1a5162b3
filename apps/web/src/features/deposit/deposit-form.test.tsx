import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { DepositForm } from './deposit-form';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
