import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { rebateKeys } from './api/rebates';
import FanshuiguizePage from './fanshuiguize-page';
import FanshuilogsPage from './fanshuilogs-page';

const levels = Array.from({ length: 11 }, (_, vipLevel) => ({
  vipLevel,
  rates: { taiqiu: 50 + vipLevel * 10, slots: 60 + vipLevel * 10, poker: 40 + vipLevel * 5 },
}));

describe('rebate rules and history', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('rules: every level × game type as %, the player’s level marked, the formula, minimum and interval', async () => {
    fakeApi({
      '/user/rebate/rules': () => ({ code: 200, data: { levels, minClaim: 100, intervalMinutes: 10, vipLevel: 3 } }),
    });
    renderAt(<FanshuiguizePage />, '/user/fanshuiguize', '/user/fanshuiguize');
    const mine = await screen.findByTestId('rates-vip3');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.textContent).toBe('VIP3当前0.80%0.90%0.55%');
    expect(screen.getByTestId('rates-vip10').textContent).toBe('VIP101.50%1.60%0.90%');
    expect(screen.getByTestId('rates-vip0').getAttribute('aria-current')).toBeNull();
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
    expect(screen.getByText('返水 =（有效投注 − 已返水有效投注）× 返水比例')).toBeTruthy();
    expect(screen.getByTestId('rules-min').textContent).toBe('¥1.00');
    expect(screen.getByTestId('rules-interval').textContent).toBe('每 10 分钟一次');
  });

  it('rules: a failed background refresh keeps the table shown', async () => {
    let fail = false;
    const api = fakeApi({
      '/user/rebate/rules': () =>
        fail
          ? { code: 500, msg: '服务繁忙' }
          : { code: 200, data: { levels, minClaim: 100, intervalMinutes: 10, vipLevel: 3 } },
    });
    const { client } = renderAt(<FanshuiguizePage />, '/user/fanshuiguize', '/user/fanshuiguize');
    await screen.findByTestId('rates-vip3');
    fail = true;
    await client.invalidateQueries({ queryKey: rebateKeys.rules() });
    expect(api.count('/user/rebate/rules')).toBe(2);
    await waitFor(() => expect(client.getQueryState(rebateKeys.rules())?.status).toBe('error'));
    expect(screen.getByTestId('rates-vip3').textContent).toBe('VIP3当前0.80%0.90%0.55%');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('history: the total claimed in the filter, each claim with its game types; the filter asks again', async () => {
    const api = fakeApi({
      '/user/rebate/logs': () => ({
        code: 200,
        data: {
          list: [
            {
              id: 42,
              amount: 1_200,
              createdAt: '2026-01-02T03:04:05Z',
              items: [
                // Half of it settled at VIP2's 0.60 %, before the upgrade to 0.80 %.
                { gameType: 'taiqiu', validBet: 100_000, rateBp: 80, amount: 700 },
                { gameType: 'slots', validBet: 50_000, rateBp: 100, amount: 500 },
              ],
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
          totalAmount: 1_200,
        },
      }),
    });
    renderAt(<FanshuilogsPage />, '/user/fanshuilogs', '/user/fanshuilogs');
    const row = await screen.findByTestId('rebate-logs');
    expect(screen.getByTestId('logs-total').textContent).toBe('¥12.00');
    expect(screen.getByText('共 1 笔')).toBeTruthy();
    const claim = row.querySelector('[data-claim-id="42"]')!;
    expect(claim.textContent).toContain('+¥12.00');
    expect(claim.querySelector('.money-pos')).toBeTruthy();
    // The valid bet and what it paid, with no "× rate" that would not add up.
    expect(claim.querySelector('[data-game-type="taiqiu"]')!.textContent).toBe('台球有效投注 ¥1,000.00¥7.00');
    expect(claim.querySelector('[data-game-type="slots"]')!.textContent).toBe('电子有效投注 ¥500.00¥5.00');

    const first = api.bodies('/user/rebate/logs')[0]!;
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    // Last month: a range other than the first one (this month) on any day, the 1st included.
    fireEvent.click(document.querySelector('[data-preset="lastMonth"]')!);
    await waitFor(() => expect(api.count('/user/rebate/logs')).toBe(2));
    expect(api.bodies('/user/rebate/logs')[1]!.from).not.toBe(first.from);
  });

  it('history: an empty period says what would appear and links to the rebate page', async () => {
    fakeApi({
      '/user/rebate/logs': () => ({ code: 200, data: { list: [], total: 0, page: 1, pageSize: 20, totalAmount: 0 } }),
    });
    renderAt(<FanshuilogsPage />, '/user/fanshuilogs', '/user/fanshuilogs');
    expect(await screen.findByText('该时段没有返水记录')).toBeTruthy();
    expect(screen.getByTestId('logs-total').textContent).toBe('¥0.00');
    expect(screen.getByRole('link', { name: '去领取返水' }).getAttribute('href')).toBe('/user/shishifanshui');
  });
});
