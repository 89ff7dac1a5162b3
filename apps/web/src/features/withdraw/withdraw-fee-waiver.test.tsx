import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { passcodeInput, renderAt } from '../../test/render';
import { WithdrawForm } from './withdraw-form';

const withdrawConfig = {
  balance: 300_000,
  frozen: 0,
  withdrawable: 300_000,
  minAmount: 10_000,
  maxAmount: 1_000_000,
  feeRateBps: 150,
  feeMinAmount: 200,
  dailyCount: 3,
  usedToday: 0,
  turnover: { required: 100_000, done: 100_000, left: 0 },
  hasFundPassword: true,
  locked: null,
  kycRequiredAmount: 0,
  kycStatus: 'none',
};
const usdtAccount = {
  id: 3,
  type: 'usdt',
  masked: 'TJRabP…Tv8',
  isDefault: true,
  createdAt: '2026-03-01T00:00:00Z',
  network: 'TRC20',
  alias: null,
};

function setup(feeWaiver: unknown) {
  fakeApi({
    '/user/withdraw/config': () => ({ code: 200, data: { ...withdrawConfig, feeWaiver } }),
    '/user/withdraw/accounts': () => ({ code: 200, data: { list: [usdtAccount], defaultType: 'usdt', maxPerType: 5 } }),
  });
  return renderAt(<WithdrawForm />);
}

/** Fills ¥1,000 and the fund password, and opens the confirm dialog. */
async function openConfirm(container: HTMLElement) {
  fireEvent.change(screen.getByTestId('withdraw-amount-input'), { target: { value: '1000' } });
  fireEvent.change(passcodeInput(container, 'withdraw-fund-password'), { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
  return screen.findByTestId('withdraw-confirm');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/qukuan fee waiver', () => {
  it('valid bet reached and free withdrawals left: shows them, and the fee is ¥0.00', async () => {
    const { container } = setup({ freeWithdrawals: 3, used: 1, validBet: 80_000, minValidBet: 50_000 });
    expect((await screen.findByTestId('fee-waiver')).textContent).toBe('本周免手续费 剩余 2/3 次');
    expect(screen.getByTestId('fee-rule').textContent).toBe('¥0.00 免手续费');
    // The turnover requirement is still shown.
    expect(screen.getByTestId('turnover').textContent).toContain('流水已达标');
    await openConfirm(container);
    expect(screen.getByTestId('confirm-fee').textContent).toBe('¥0.00');
    expect(screen.getByTestId('confirm-net').textContent).toBe('¥1,000.00');
  });

  it('valid bet below the minimum: says how much more to bet, and the fee applies', async () => {
    const { container } = setup({ freeWithdrawals: 3, used: 0, validBet: 20_000, minValidBet: 50_000 });
    expect((await screen.findByTestId('fee-waiver')).textContent).toBe('本周有效投注再 ¥300.00 即可免手续费');
    expect(screen.getByTestId('fee-rule').textContent).toBe('1.5%，最低 ¥2.00');
    await openConfirm(container);
    expect(screen.getByTestId('confirm-fee').textContent).toBe('¥15.00');
  });

  it('all free withdrawals used: the fee applies again; no waiver: nothing is said', async () => {
    setup({ freeWithdrawals: 3, used: 3, validBet: 80_000, minValidBet: 50_000 });
    expect((await screen.findByTestId('fee-waiver')).textContent).toBe('本周 3 次免手续费已用完');
    expect(screen.getByTestId('fee-rule').textContent).toBe('1.5%，最低 ¥2.00');
    cleanup();
    setup(null);
    expect(await screen.findByTestId('fee-rule')).toBeTruthy();
    expect(screen.queryByTestId('fee-waiver')).toBeNull();
  });
});
