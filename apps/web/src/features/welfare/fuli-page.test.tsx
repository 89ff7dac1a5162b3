import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import FuliPage from './fuli-page';
import { spinInfo } from './test-fixtures';

const tier = (id: number, validBet: number, amount: number, status: string) => ({
  id,
  validBet,
  amount,
  turnoverMultiple: 1,
  status,
  rewardId: status === 'locked' ? null : id * 10,
});

const task = {
  date: '2026-01-05',
  validBet: 150_000,
  tiers: [
    tier(1, 50_000, 500, 'claimed'),
    tier(2, 100_000, 888, 'granted'),
    tier(3, 500_000, 3_888, 'locked'),
    tier(4, 1_000_000, 8_888, 'locked'),
  ],
  endsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
};

describe('welfare hub', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, vipLevel: 4 } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows today’s task with its next tier, the spins left, the rewards waiting and the VIP gifts', async () => {
    const api = fakeApi({
      '/user/everydayGameReward': () => ({ code: 200, data: task }),
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 2 }) }),
      '/user/reward/list': () => ({
        code: 200,
        data: { list: [], total: 3, page: 1, pageSize: 1, unclaimedCount: 3, unclaimedTotal: 12_345 },
      }),
    });
    renderAt(<FuliPage />, '/user/fuli', '/user/fuli');
    expect((await screen.findByTestId('task-valid-bet')).textContent).toBe('¥1,500.00');
    expect(screen.getByTestId('task-next').textContent).toBe('再投注 ¥3,500.00 可领 ¥38.88');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByTestId('tier-1').textContent).toContain('已领取');
    expect(within(screen.getByTestId('tier-2')).getByRole('link', { name: '去领取' }).getAttribute('href')).toBe(
      '/user/lingjiang',
    );
    expect(screen.getByTestId('tier-3').textContent).toBe('投注 ¥5,000.00¥38.88未达成');
    expect(screen.getByTestId('hub-task').textContent).toMatch(/0[23]:\d\d:\d\d 后重置/);

    expect((await screen.findByTestId('spins-left')).textContent).toBe('2 次');
    expect(screen.getByTestId('spins-left').closest('a')!.getAttribute('href')).toBe('/user/tiantianzhuan');
    expect((await screen.findByTestId('waiting-total')).textContent).toBe('¥123.45');
    expect(screen.getByTestId('waiting-count').textContent).toBe('3 笔待领取');
    expect(screen.getByTestId('waiting-total').closest('a')!.getAttribute('href')).toBe('/user/lingjiang');
    expect(api.bodies('/user/reward/list')[0]).toMatchObject({ status: 'unclaimed' });
    const vip = screen.getByTestId('hub-vip');
    expect(vip.textContent).toContain('VIP4');
    expect(vip.querySelector('a')!.getAttribute('href')).toBe('/user/myVip');
  });

  it('every tier reached says so; a card that failed offers its own retry', async () => {
    let fail = true;
    fakeApi({
      '/user/everydayGameReward': () => ({
        code: 200,
        data: { ...task, validBet: 2_000_000, tiers: task.tiers.map((x) => ({ ...x, status: 'claimed' })) },
      }),
      '/user/spin/info': () =>
        fail ? { code: 500, msg: '服务繁忙' } : { code: 200, data: spinInfo({ spinsLeft: 1 }) },
      '/user/reward/list': () => ({
        code: 200,
        data: { list: [], total: 0, page: 1, pageSize: 1, unclaimedCount: 0, unclaimedTotal: 0 },
      }),
    });
    renderAt(<FuliPage />, '/user/fuli', '/user/fuli');
    expect((await screen.findByTestId('task-next')).textContent).toBe('今日任务已全部达成');
    expect((await screen.findByTestId('waiting-count')).textContent).toBe('暂无待领取奖励');
    const card = screen.getByTestId('hub-spin');
    const retry = await within(card).findByRole('button', { name: '重试' });
    expect(card.textContent).toContain('服务繁忙');
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('spins-left')).textContent).toBe('1 次');
  });

  it('lists the task’s rewards so far with their total, each with its day, tier and state', async () => {
    const record = (rewardId: number, date: string, validBet: number, amount: number, status: string) => ({
      date,
      validBet,
      amount,
      rewardId,
      status,
      createdAt: `${date}T10:00:00.000Z`,
    });
    const api = fakeApi({
      '/user/everydayGameReward': () => ({ code: 200, data: task }),
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 0 }) }),
      '/user/reward/list': () => ({
        code: 200,
        data: { list: [], total: 0, page: 1, pageSize: 1, unclaimedCount: 0, unclaimedTotal: 0 },
      }),
      '/user/gameRewardRecord': () => ({
        code: 200,
        data: {
          list: [
            record(30, '2026-01-05', 100_000, 888, 'unclaimed'),
            record(20, '2026-01-04', 50_000, 500, 'claimed'),
            record(10, '2025-12-01', 50_000, 500, 'expired'),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
          totalAmount: 1_888,
        },
      }),
    });
    renderAt(<FuliPage />, '/user/fuli', '/user/fuli');
    expect((await screen.findByTestId('task-records-total')).textContent).toBe('累计获得¥18.88');
    const rows = within(screen.getByTestId('task-records')).getAllByText(/有效投注达/);
    expect(rows.map((r) => r.textContent!.split(' · ')[0])).toEqual([
      '有效投注达 ¥1,000.00',
      '有效投注达 ¥500.00',
      '有效投注达 ¥500.00',
    ]);
    const unclaimed = document.querySelector('[data-reward-id="30"]')!;
    expect(unclaimed.textContent).toContain('2026-01-05');
    expect(
      within(unclaimed as HTMLElement)
        .getByRole('link', { name: '去领取' })
        .getAttribute('href'),
    ).toBe('/user/lingjiang');
    expect(document.querySelector('[data-reward-id="20"]')!.textContent).toContain('已领取');
    expect(document.querySelector('[data-reward-id="10"]')!.textContent).toContain('已过期');
    expect(api.bodies('/user/gameRewardRecord')[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it('no task reward yet: says how one is earned', async () => {
    fakeApi({
      '/user/everydayGameReward': () => ({ code: 200, data: task }),
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 0 }) }),
      '/user/reward/list': () => ({
        code: 200,
        data: { list: [], total: 0, page: 1, pageSize: 1, unclaimedCount: 0, unclaimedTotal: 0 },
      }),
      '/user/gameRewardRecord': () => ({
        code: 200,
        data: { list: [], total: 0, page: 1, pageSize: 20, totalAmount: 0 },
      }),
    });
    renderAt(<FuliPage />, '/user/fuli', '/user/fuli');
    expect(await screen.findByText('暂无任务奖励')).toBeTruthy();
    expect(screen.queryByTestId('task-records-total')).toBeNull();
  });
});
