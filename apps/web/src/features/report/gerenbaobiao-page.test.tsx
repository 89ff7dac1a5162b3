import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zonedToday } from '../../components/ui/date-range';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import GerenbaobiaoPage from './gerenbaobiao-page';

// happy-dom has no canvas: the chart shows what it was given instead of drawing it.
vi.mock('../../components/report/report-chart', () => ({
  ReportChart: ({ points }: { points: { date: string; value: number }[] }) => (
    <div data-testid="report-chart">{points.map((p) => `${p.date}:${p.value}`).join(' ')}</div>
  ),
}));

const figures = (over: Record<string, number>) => ({
  deposits: 0,
  withdrawals: 0,
  stake: 0,
  validBet: 0,
  payout: 0,
  rebates: 0,
  bonuses: 0,
  winLoss: 0,
  ...over,
});

/** The month preset starts on the 1st of this month in the site's zone. */
const firstOfMonth = `${zonedToday(new Date(), 'Asia/Shanghai').slice(0, 8)}01`;

describe('personal report page', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the figures of the filter, win/loss in red when lost, green when won, and the daily chart', async () => {
    const lost = {
      totals: figures({
        deposits: 100_000,
        withdrawals: 30_000,
        stake: 15_000,
        validBet: 12_000,
        payout: 9_750,
        rebates: 500,
        bonuses: 1_000,
        winLoss: -3_750,
      }),
      days: [{ date: firstOfMonth, ...figures({ stake: 15_000, payout: 9_750, winLoss: -3_750 }) }],
      timeZone: 'Asia/Shanghai',
    };
    const won = { ...lost, totals: figures({ stake: 1_000, payout: 2_950, winLoss: 1_950 }) };
    let answer = lost;
    const api = fakeApi({ '/user/personalReport': () => ({ code: 200, data: answer }) });
    renderAt(<GerenbaobiaoPage />, '/user/gerenbaobiao', '/user/gerenbaobiao');
    await waitFor(() => expect(screen.getByTestId('report-winLoss').textContent).toBe('-¥37.50'));
    expect(screen.getByTestId('report-winLoss').querySelector('.money-neg')).toBeTruthy();
    expect(screen.getByTestId('report-stake').textContent).toBe('¥150.00');
    expect(screen.getByTestId('report-validBet').textContent).toBe('¥120.00');
    expect(screen.getByTestId('report-payout').textContent).toBe('¥97.50');
    expect(screen.getByTestId('report-rebates').textContent).toBe('¥5.00');
    expect(screen.getByTestId('report-bonuses').textContent).toBe('¥10.00');
    expect(screen.getByTestId('report-deposits').textContent).toBe('¥1,000.00');
    expect(screen.getByTestId('report-withdrawals').textContent).toBe('¥300.00');
    // Every day of the month so far is a bar; the day with figures carries its win/loss.
    expect(screen.getByTestId('report-chart').textContent).toMatch(new RegExp(`^${firstOfMonth}:-3750`));

    // The call takes the filter's bounds; another preset asks again.
    const first = api.bodies('/user/personalReport')[0]!;
    expect(Date.parse(String(first.to))).toBeGreaterThan(Date.parse(String(first.from)));
    answer = won;
    fireEvent.click(document.querySelector('[data-preset="yesterday"]')!);
    await waitFor(() => expect(api.count('/user/personalReport')).toBe(2));
    // Not `from` alone: on the 2nd of a month (site time) yesterday starts where this month does.
    const second = api.bodies('/user/personalReport')[1]!;
    expect([second.from, second.to]).not.toEqual([first.from, first.to]);
    expect(Date.parse(String(second.to))).toBeLessThan(Date.parse(String(first.to)));
    await waitFor(() => expect(screen.getByTestId('report-winLoss').textContent).toBe('+¥19.50'));
    expect(screen.getByTestId('report-winLoss').querySelector('.money-pos')).toBeTruthy();
  });

  it('an empty period says so; a failure offers a retry that loads the report', async () => {
    let fail = true;
    fakeApi({
      '/user/personalReport': () =>
        fail
          ? { code: 500, msg: '服务繁忙' }
          : { code: 200, data: { totals: figures({}), days: [], timeZone: 'Asia/Shanghai' } },
    });
    renderAt(<GerenbaobiaoPage />, '/user/gerenbaobiao', '/user/gerenbaobiao');
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('该时段没有记录')).toBeTruthy();
    expect(screen.getByTestId('report-winLoss').textContent).toBe('¥0.00');
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });
});
