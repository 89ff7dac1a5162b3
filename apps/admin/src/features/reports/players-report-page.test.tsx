import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consoleFakes, fakeApi, page } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

// jsdom draws no canvas: the chart shows the periods and series it was given.
vi.mock('../../components/echart', () => ({
  EChart: ({ option }: { option: { xAxis: { data: string[] }; series: { name: string; data: number[] }[] } }) => (
    <div data-testid="chart">
      {option.xAxis.data.join(',')}|{option.series.map((s) => `${s.name}:${s.data.join(',')}`).join(';')}
    </div>
  ),
}));

const PLAYERS = '/reports/players';
const COHORTS = '/reports/players/cohorts';
const TOP = '/reports/players/top';

const figures = (registrations: number, extra: object = {}) => ({
  registrations,
  firstDepositors: 2,
  firstDeposits: 30_000,
  converted: 1,
  conversionBp: registrations === 0 ? 0 : Math.floor(10_000 / registrations),
  activePlayers: 5,
  ...extra,
});

function fake() {
  return fakeApi({
    ...consoleFakes('finance', 'fin01'),
    [PLAYERS]: () => ({
      data: {
        ...page([
          { period: '2026-11-22', ...figures(4) },
          { period: '2026-11-23', ...figures(3) },
        ]).data,
        totals: figures(7, {
          firstDepositors: 4,
          firstDeposits: 60_000,
          converted: 2,
          conversionBp: 2857,
          activePlayers: 8,
        }),
        timeZone: 'Asia/Shanghai',
      },
    }),
    [COHORTS]: () => ({
      data: {
        ...page([
          { day: '2026-11-22', registered: 4, d1: 2, d7: 1, d30: null },
          { day: '2026-11-23', registered: 3, d1: 0, d7: null, d30: null },
          { day: '2026-11-24', registered: 0, d1: 0, d7: null, d30: null },
        ]).data,
        timeZone: 'Asia/Shanghai',
      },
    }),
    [TOP]: (body) =>
      page(
        body.side === 'losers'
          ? [{ userId: 9, username: 'loser01', bets: 3, turnover: 90_000, payout: 10_000, winLoss: -80_000 }]
          : [{ userId: 7, username: 'lucky01', bets: 2, turnover: 20_000, payout: 70_000, winLoss: 50_000 }],
      ),
  });
}

describe('报表 › 玩家', () => {
  it('shows the totals, a row per period, the retention heat table and the top players', async () => {
    logIn(sessionOf('finance', 'fin01'));
    const api = fake();
    renderApp('/reports/players');
    const totals = await screen.findByTestId('players-totals');
    const stat = (title: string) => within(totals).getByText(title).closest('.ant-statistic')!.textContent;
    expect(stat('注册人数')).toBe('注册人数7');
    expect(stat('首存金额')).toBe('首存金额¥600.00');
    expect(stat('转化率')).toBe('转化率28.6%');
    expect(stat('活跃人数')).toBe('活跃人数8');
    expect(screen.getByTestId('chart').textContent).toBe(
      '2026-11-22,2026-11-23|注册人数:4,3;首存人数:2,2;活跃人数:5,5',
    );
    expect(api.last(PLAYERS)!.body).toMatchObject({ group: 'day', page: 1, pageSize: 100 });

    const cohorts = (await screen.findByText('注册留存')).closest('.ant-card') as HTMLElement;
    const cohort = (await within(cohorts).findByText('2026-11-22')).closest('tr')!;
    const cells = within(cohort).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['2026-11-22', '4', '50.0%2', '25.0%1', '—']);
    expect(cells[2]!.querySelector('[data-share]')!.getAttribute('data-share')).toBe('0.500');
    // A day with no registrants has no share to shade: a plain dash.
    const empty = within((await within(cohorts).findByText('2026-11-24')).closest('tr')!).getAllByRole('cell');
    expect(empty.map((c) => c.textContent)).toEqual(['2026-11-24', '0', '—', '—', '—']);
    expect(empty[2]!.querySelector('[data-share]')).toBeNull();

    const lucky = await screen.findByRole('link', { name: 'lucky01' });
    expect(lucky.getAttribute('href')).toBe('/players/lucky01');
    fireEvent.click(screen.getByTitle('输家'));
    await waitFor(() => expect(api.last(TOP)!.body).toMatchObject({ side: 'losers', top: 20 }));
    expect(await screen.findByRole('link', { name: 'loser01' })).toBeTruthy();
    fireEvent.click(screen.getByTitle('前 100 名'));
    await waitFor(() => expect(api.last(TOP)!.body).toMatchObject({ side: 'losers', top: 100 }));
    expect(screen.getAllByRole('button', { name: /导出 CSV/ })).toHaveLength(3);
  });

  it('asks again by week, naming the week by its Monday', async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake();
    renderApp('/reports/players');
    await screen.findByTestId('players-totals');
    fireEvent.click(screen.getByTitle('按周'));
    await waitFor(() => expect(api.last(PLAYERS)!.body).toMatchObject({ group: 'week' }));
    expect(await screen.findByText('2026-11-23 起一周')).toBeTruthy();
  });
});
