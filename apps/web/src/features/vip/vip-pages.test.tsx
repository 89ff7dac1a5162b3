import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import MyVipPage from './my-vip-page';
import VipDetailsPage from './vip-details-page';

const level = (n: number) => ({
  level: n,
  minValidBet: n * 1_000_000,
  minDeposits: n * 500_000,
  upgradeBonus: n * 1_000,
  weeklyGift: n * 500,
  monthlyGift: n * 2_000,
  turnoverMultiple: 3,
  withdrawalsPerDay: 5 + n,
  rebateRates: { taiqiu: 50 + n * 10, slots: 60 + n * 10, poker: 40 + n * 5 },
});

const info = (over: Record<string, unknown> = {}) => ({
  current: level(3),
  next: level(4),
  validBet: 3_500_000,
  deposits: 2_000_000,
  weekly: { status: 'granted', amount: 1_500, nextAt: '2026-01-12T16:00:00Z' },
  monthly: { status: 'upcoming', amount: 6_000, nextAt: '2026-01-31T16:00:00Z' },
  upgradeBonuses: [
    { level: 1, amount: 1_000, status: 'claimed' },
    { level: 2, amount: 2_000, status: 'expired' },
    { level: 3, amount: 3_000, status: 'granted' },
  ],
  ...over,
});

describe('VIP pages', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('my VIP: the level, both bars with what is left, the privileges and gift states', async () => {
    fakeApi({ '/user/vip/info': () => ({ code: 200, data: info() }) });
    renderAt(<MyVipPage />, '/user/myVip', '/user/myVip');
    const hero = await screen.findByTestId('vip-level');
    expect(hero.getAttribute('data-level')).toBe('3');
    expect(hero.textContent).toContain('距离 VIP4');
    expect(hero.textContent).toContain('升级可得晋级礼金 ¥40.00');
    // 35,000 of 40,000 valid bet; 20,000 of 20,000 deposits.
    expect(screen.getByTestId('progress-bet').getAttribute('data-pct')).toBe('87');
    expect(screen.getByTestId('progress-bet-left').textContent).toBe('还差 ¥5,000.00');
    expect(screen.getByTestId('progress-deposit').getAttribute('data-pct')).toBe('100');
    expect(screen.getByTestId('progress-deposit-left').textContent).toBe('✓ 已达成');

    expect(screen.getByTestId('priv-rebate').textContent).toContain('台球 0.80%');
    expect(screen.getByTestId('priv-rebate').textContent).toContain('电子 0.90%');
    expect(screen.getByTestId('priv-withdrawals').textContent).toContain('8 次');
    const weekly = screen.getByTestId('priv-weekly');
    expect(weekly.textContent).toContain('¥15.00');
    expect(weekly.querySelector('a')!.getAttribute('href')).toBe('/user/lingjiang');
    const monthly = screen.getByTestId('priv-monthly');
    expect(monthly.textContent).toContain('¥60.00');
    // The 1st in the site's time zone (Asia/Shanghai), whatever the device's.
    expect(monthly.textContent).toContain('02-01 发放');
    expect(monthly.querySelector('a')).toBeNull();
    expect(screen.getByTestId('priv-upgrade').querySelector('a')!.getAttribute('href')).toBe('/user/lingjiang');
    const bonuses = screen.getByTestId('vip-bonuses');
    expect(bonuses.querySelector('[data-level="1"]')!.textContent).toContain('已领取');
    expect(bonuses.querySelector('[data-level="2"]')!.textContent).toContain('已过期');
    expect(screen.getByTestId('link-levels').getAttribute('href')).toBe('/user/vipDetails');
  });

  it('my VIP after a mid-period upgrade: the gifts show what was granted (the old level’s)', async () => {
    fakeApi({
      '/user/vip/info': () => ({
        code: 200,
        data: info({
          current: level(4),
          next: level(5),
          weekly: { status: 'granted', amount: 1_500, nextAt: '2026-01-12T16:00:00Z' },
          monthly: { status: 'claimed', amount: 6_000, nextAt: '2026-01-31T16:00:00Z' },
          // Granted before the operator raised VIP4's bonus to ¥40.00.
          upgradeBonuses: [{ level: 4, amount: 3_500, status: 'granted' }],
        }),
      }),
    });
    renderAt(<MyVipPage />, '/user/myVip', '/user/myVip');
    const weekly = await screen.findByTestId('priv-weekly');
    expect(weekly.querySelector('.vip-gift-amount')!.textContent).toBe('¥15.00');
    expect(screen.getByTestId('priv-monthly').querySelector('.vip-gift-amount')!.textContent).toBe('¥60.00');
    expect(screen.getByTestId('priv-upgrade').querySelector('.vip-gift-amount')!.textContent).toBe('¥35.00');
  });

  it('my VIP at the top level says so instead of progress bars', async () => {
    fakeApi({
      '/user/vip/info': () => ({
        code: 200,
        data: info({
          current: level(10),
          next: null,
          weekly: { status: 'claimed', amount: 5_000, nextAt: '2026-01-12T16:00:00Z' },
          upgradeBonuses: [],
        }),
      }),
    });
    renderAt(<MyVipPage />, '/user/myVip', '/user/myVip');
    expect((await screen.findByTestId('vip-top')).textContent).toContain('已达最高等级');
    expect(screen.queryByTestId('vip-progress')).toBeNull();
    expect(screen.getByTestId('priv-weekly').textContent).toContain('已领取');
    expect(screen.queryByTestId('vip-bonuses')).toBeNull();
  });

  it('my VIP: a failed load offers a retry', async () => {
    let fail = true;
    fakeApi({ '/user/vip/info': () => (fail ? { code: 500, msg: '服务繁忙' } : { code: 200, data: info() }) });
    renderAt(<MyVipPage />, '/user/myVip', '/user/myVip');
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('vip-level')).toBeTruthy();
  });

  it('all levels: thresholds, bonuses, gifts, rates and withdrawals of each; the player’s marked', async () => {
    fakeApi({
      '/user/vip/levels': () => ({
        code: 200,
        data: { levels: Array.from({ length: 11 }, (_, n) => level(n)), current: 3 },
      }),
    });
    renderAt(<VipDetailsPage />, '/user/vipDetails', '/user/vipDetails');
    const mine = await screen.findByTestId('level-3');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
    expect(screen.getByTestId('need-0').textContent).toBe('注册即享');
    expect(screen.getByTestId('need-4').textContent).toBe('有效投注 ¥40,000.00 且 存款 ¥20,000.00');
    const four = screen.getByTestId('level-4').textContent;
    for (const text of ['¥40.00', '¥20.00', '¥80.00', '9 次', '台球 0.90%', '电子 1.00%', '棋牌 0.60%'])
      expect(four).toContain(text);
    await waitFor(() => expect(screen.getAllByText(/^VIP\d+$/)).toHaveLength(11));
  });
});
