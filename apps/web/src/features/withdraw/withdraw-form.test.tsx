import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
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
  usedToday: 1,
  turnover: { required: 100_000, done: 100_000, left: 0 },
  hasFundPassword: true,
  locked: null,
  feeWaiver: null,
  kycRequiredAmount: 0,
  kycStatus: 'none' as const,
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
      { accountId: 7, amount: 300_000, fundPassword: '123456', requestId: expect.stringMatching(UUID) },
    ]);
    expect((await screen.findByTestId('withdraw-locked')).textContent).toBe('资金密码错误次数过多，请 15 分钟后再试');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('no answer (network failure): confirming again sends the same requestId, so the request is not made twice', async () => {
    let n = 0;
    const api = fakeApi({
      '/user/withdraw/config': () => ({ code: 200, data: withdrawConfig }),
      '/user/withdraw/accounts': () => ({
        code: 200,
        data: { list: [bankAccount], defaultType: 'bank', maxPerType: 5 },
      }),
      '/user/withdraw/addWithdraw': () => {
        n += 1;
        if (n === 1) throw new TypeError('Failed to fetch');
        return { code: 200, data: { orderNo: 'W20260301000000000001', status: 'reviewing' } };
      },
    });
    const { container } = renderAt(<WithdrawForm />);
    await screen.findByTestId('withdraw-account-7');
    fireEvent.change(screen.getByTestId('withdraw-amount-input'), { target: { value: '200' } });
    const send = async () => {
      fireEvent.change(passcodeInput(container, 'withdraw-fund-password'), { target: { value: '123456' } });
      fireEvent.click(screen.getByTestId('withdraw-submit'));
      await act(async () => fireEvent.click(await screen.findByTestId('confirm-withdraw')));
    };
    await send();
    expect(await screen.findByText('网络异常，请检查网络后重试')).toBeTruthy();
    await send();
    const bodies = api.bodies('/user/withdraw/addWithdraw');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      accountId: 7,
      amount: 20_000,
      fundPassword: '123456',
      requestId: expect.stringMatching(UUID),
    });
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('above the KYC amount: says so with the status before the player asks, and shows the refusal under the amount', async () => {
    fakeApi({
      '/user/withdraw/config': () => ({ code: 200, data: { ...withdrawConfig, kycRequiredAmount: 100_000 } }),
      '/user/withdraw/accounts': () => ({
        code: 200,
        data: { list: [bankAccount], defaultType: 'bank', maxPerType: 5 },
      }),
      '/user/withdraw/addWithdraw': () => ({
        code: 422,
        msg: '提现金额超过 ¥1,000.00 需先完成实名认证',
        data: { field: 'amount' },
      }),
    });
    const { container } = renderAt(<WithdrawForm />);
    const notice = await screen.findByTestId('withdraw-kyc');
    expect(notice.textContent).toContain('单笔提款超过 ¥1,000.00 需先完成实名认证');
    expect(notice.textContent).toContain('未认证');
    expect(screen.getByTestId('withdraw-kyc-link').getAttribute('href')).toBe('/user/shimingrenzheng');
    fireEvent.change(screen.getByTestId('withdraw-amount-input'), { target: { value: '2000' } });
    fireEvent.change(passcodeInput(container, 'withdraw-fund-password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-withdraw')));
    expect((await screen.findByTestId('withdraw-amount-error')).textContent).toBe(
      '提现金额超过 ¥1,000.00 需先完成实名认证',
    );
  });

  it('without a KYC amount there is no notice', async () => {
    fakeApi({
      '/user/withdraw/config': () => ({ code: 200, data: withdrawConfig }),
      '/user/withdraw/accounts': () => ({ code: 200, data: { list: [], defaultType: null, maxPerType: 5 } }),
    });
    renderAt(<WithdrawForm />);
    await screen.findByTestId('no-accounts');
    expect(screen.queryByTestId('withdraw-kyc')).toBeNull();
  });
});
