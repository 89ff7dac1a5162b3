import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consoleFakes, fakeApi, page } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';
import { duration } from './duration';

// jsdom draws no canvas: the chart shows the periods and series it was given.
vi.mock('../../components/echart', () => ({
  EChart: ({ option }: { option: { xAxis: { data: string[] }; series: { name: string; data: number[] }[] } }) => (
    <div data-testid="chart">
      {option.xAxis.data.join(',')}|{option.series.map((s) => `${s.name}:${s.data.join(',')}`).join(';')}
    </div>
  ),
}));

const DEPOSITS = '/reports/payments';
const PERIODS = '/reports/payments/periods';
const WITHDRAWALS = '/reports/payments/withdrawals';

const outcomes = { made: 10, succeeded: 8, open: 1, successBp: 8_000, medianSeconds: 200 };
const deposit = (extra: object = {}) => ({
  ...outcomes,
  failed: 1,
  expired: 0,
  creditedOrders: 8,
  amount: 800_000,
  fees: 12_000,
  credited: 788_000,
  bonuses: 8_000,
  ...extra,
});
const withdrawal = (extra: object = {}) => ({
  ...outcomes,
  successBp: 5_000,
  medianSeconds: 7_500,
  rejected: 1,
  paidOrders: 5,
  amount: 300_000,
  fees: 3_000,
  netPaid: 297_000,
  ...extra,
});
const queue = (extra: object = {}) => ({
  decided: 4,
  medianWaitSeconds: 125,
  longestWaitSeconds: 3_600,
  waiting: 2,
  oldestWaitSeconds: 90_000,
  ...extra,
});

function fake() {
  return fakeApi({
    ...consoleFakes('finance', 'fin01'),
    [DEPOSITS]: () => ({
      data: {
        ...page([
          { channelId: 3, channel: '微信', type: 'wechat', adapter: 'sandbox', ...deposit() },
          { channelId: 2, channel: '银行卡转账', type: 'bank', adapter: 'manual', ...deposit({ amount: 0 }) },
        ]).data,
        totals: deposit(),
        manualQueue: queue(),
      },
    }),
    [PERIODS]: (body) =>
      page(
        (body.group === 'month' ? ['2026-11'] : ['2026-11-22', '2026-11-23']).map((period, i) => ({
          period,
          depositsMade: 10,
          depositsCredited: 8,
          depositSuccessBp: 8_000,
          deposited: 500_000 + i * 100_000,
          depositFees: 5_000,
          withdrawalsMade: 2,
          withdrawalsPaid: 1,
          withdrawalSuccessBp: 5_000,
          withdrawn: 200_000,
          withdrawalFees: 2_000,
          net: 300_000 + i * 100_000,
        })),
      ),
    [WITHDRAWALS]: () => ({
      data: {
        ...page([{ method: 'usdt', ...withdrawal() }]).data,
        totals: withdrawal(),
        reviewQueue: queue({ waiting: 0, oldestWaitSeconds: null }),
        payoutQueue: queue({ decided: 0, medianWaitSeconds: null, longestWaitSeconds: null }),
      },
    }),
  });
}

describe('报表 › 存取款', () => {
  it('shows the totals, the queues and a row per channel and method, each asked once for the range', async () => {
    logIn(sessionOf('finance', 'fin01'));
    const api = fake();
    renderApp('/reports/payments');
    const totals = await screen.findByTestId('payments-totals');
    const stat = (title: string) => within(totals).getByText(title).closest('.ant-statistic')!.textContent;
    expect(stat('充值金额')).toBe('充值金额¥8,000.00');
    expect(stat('提款金额')).toBe('提款金额¥3,000.00');
    expect(stat('净入金')).toBe('净入金¥5,000.00');
    expect(stat('手续费合计')).toBe('手续费合计¥150.00');
    expect(stat('充值成功率')).toBe('充值成功率80.00%');
    expect(stat('提款成功率')).toBe('提款成功率50.00%');

    const queues = screen.getByTestId('payments-queues');
    const review = within(queues).getByText('提款审核').closest('.ant-descriptions')!;
    expect(within(review as HTMLElement).getByText('2 分 5 秒')).toBeTruthy();
    expect(within(review as HTMLElement).getAllByText('—')).toHaveLength(1);
    const manual = within(queues).getByText('人工充值确认').closest('.ant-descriptions')!;
    expect(within(manual as HTMLElement).getByText('1 天 1 小时')).toBeTruthy();

    const wechat = (await screen.findByText('微信')).closest('tr')!;
    expect(within(wechat).getByText('80.00%')).toBeTruthy();
    expect(within(wechat).getByText('3 分 20 秒')).toBeTruthy();
    expect(within(screen.getByText('银行卡转账').closest('tr')!).getByText('人工')).toBeTruthy();
    const usdt = screen.getByText('USDT').closest('tr')!;
    expect(within(usdt).getByText('2 小时 5 分')).toBeTruthy();
    expect(within(usdt).getByText('¥2,970.00')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /导出 CSV/ })).toHaveLength(3);

    // Per period: the chart and the table, again by month.
    expect((await screen.findByTestId('chart')).textContent).toBe(
      '2026-11-22,2026-11-23|充值到账:5000,6000;提款出款:2000,2000;净入金:3000,4000',
    );
    fireEvent.click(screen.getByTitle('按月'));
    await waitFor(() => expect(api.last(PERIODS)!.body).toMatchObject({ group: 'month' }));
    expect(await screen.findByText('2026-11')).toBeTruthy();

    // The totals read the tables' answers: one request per report, for 30 of the site's days.
    await waitFor(() => expect(api.count(DEPOSITS)).toBe(1));
    expect(api.count(WITHDRAWALS)).toBe(1);
    const asked = api.last(DEPOSITS)!.body;
    expect(asked).toMatchObject({ page: 1, pageSize: 100 });
    expect(Date.parse(asked.to as string) - Date.parse(asked.from as string)).toBe(30 * 86_400_000);
  });

  it('writes durations in their two largest units', () => {
    expect([null, 0, 45, 200, 3_600, 3_605, 7_500, 90_000].map(duration)).toEqual([
      '—',
      '0 秒',
      '45 秒',
      '3 分 20 秒',
      '1 小时',
      '1 小时',
      '2 小时 5 分',
      '1 天 1 小时',
    ]);
  });
});
