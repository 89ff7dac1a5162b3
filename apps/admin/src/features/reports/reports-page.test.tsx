import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleFakes, fakeApi, page } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';
import { rangePresets } from './range';

// jsdom draws no canvas: the chart shows the periods and series it was given.
vi.mock('../../components/echart', () => ({
  EChart: ({ option }: { option: { xAxis: { data: string[] }; series: { name: string; data: number[] }[] } }) => (
    <div data-testid="chart">
      {option.xAxis.data.join(',')}|{option.series.map((s) => `${s.name}:${s.data.join(',')}`).join(';')}
    </div>
  ),
}));

const PNL = '/reports/pnl';
const BREAKDOWN = '/reports/pnl/breakdown';

const figures = (ggr: number, extra: object = {}) => ({
  bets: 12,
  players: 3,
  turnover: 1_000_000,
  validBet: 990_000,
  payout: 1_000_000 - ggr,
  ggr,
  bonuses: 10_000,
  rebates: 4_000,
  commissions: 6_000,
  dividends: 0,
  ngr: ggr - 20_000,
  ...extra,
});

function fake() {
  const betSide = (ggr: number) => {
    const { bonuses: _b, rebates: _r, commissions: _c, dividends: _d, ngr: _n, ...bets } = figures(ggr);
    return bets;
  };
  return fakeApi({
    ...consoleFakes('finance', 'fin01'),
    [PNL]: () => ({
      data: {
        ...page([
          { period: '2026-11-22', ...figures(50_000) },
          { period: '2026-11-23', ...figures(-30_000) },
        ]).data,
        totals: figures(20_000, { bets: 24, players: 5, turnover: 2_000_000 }),
        timeZone: 'Asia/Shanghai',
      },
    }),
    [BREAKDOWN]: (body) =>
      page(
        body.by === 'match'
          ? [{ key: '11', gameType: 'taiqiu', label: 'Ding vs Ronnie', ...betSide(7_000) }]
          : body.by === 'provider'
            ? [
                { key: 'taiqiu', gameType: 'taiqiu', label: 'taiqiu', ...betSide(7_000) },
                { key: 'hub88', gameType: 'slots', label: 'Hub88 Games', ...betSide(13_000) },
              ]
            : [{ key: 'taiqiu', gameType: 'taiqiu', label: 'taiqiu', ...betSide(20_000) }],
      ),
  });
}

describe('报表', () => {
  it('shows the range’s totals and a row per period, and asks again by week and by match', async () => {
    logIn(sessionOf('finance', 'fin01'));
    const api = fake();
    renderApp('/reports');
    const totals = await screen.findByTestId('pnl-totals');
    const stat = (title: string) => within(totals).getByText(title).closest('.ant-statistic')!.textContent;
    expect(stat('流水')).toBe('流水¥20,000.00');
    expect(stat('GGR')).toBe('GGR¥200.00');
    expect(stat('红利')).toBe('红利¥100.00');
    expect(stat('NGR')).toBe('NGR¥0.00');
    expect(screen.getByTestId('chart').textContent).toBe(
      '2026-11-22,2026-11-23|GGR:500,-300;NGR:300,-500;流水:10000,10000',
    );
    const day = (await screen.findByText('2026-11-23')).closest('tr')!;
    expect(within(day).getByText('-¥300.00')).toBeTruthy();
    const asked = api.last(PNL)!.body;
    expect(asked).toMatchObject({ group: 'day', page: 1, pageSize: 100 });
    // The last 30 of the site's days: 30 days from the first's start to the day after the last.
    expect(Date.parse(asked.to as string) - Date.parse(asked.from as string)).toBe(30 * 86_400_000);
    expect(screen.getAllByRole('button', { name: /导出 CSV/ })).toHaveLength(2);

    fireEvent.click(screen.getByTitle('按周'));
    await waitFor(() => expect(api.last(PNL)!.body).toMatchObject({ group: 'week' }));
    expect(await screen.findByText('2026-11-23 起一周')).toBeTruthy();

    expect(await screen.findByText('台球')).toBeTruthy();
    fireEvent.click(screen.getByTitle('游戏厂商'));
    await waitFor(() => expect(api.last(BREAKDOWN)!.body).toMatchObject({ by: 'provider' }));
    expect(await screen.findByText('台球（自营盘口）')).toBeTruthy();
    expect(screen.getByText('Hub88 Games')).toBeTruthy();
    fireEvent.click(screen.getByTitle('台球赛事'));
    await waitFor(() => expect(api.last(BREAKDOWN)!.body).toMatchObject({ by: 'match' }));
    const match = await screen.findByRole('link', { name: 'Ding vs Ronnie' });
    expect(match.getAttribute('href')).toBe('/trading-ticker?match=11');
  });

  it('a range typed in asks for the site’s days, whatever the computer’s zone', async () => {
    logIn(sessionOf('risk', 'risk01'));
    const api = fake();
    renderApp('/reports');
    await screen.findByTestId('pnl-totals');
    const [start, end] = screen.getAllByLabelText('日期') as HTMLInputElement[];
    fireEvent.mouseDown(start!);
    fireEvent.change(start!, { target: { value: '2026-11-01' } });
    fireEvent.keyDown(start!, { key: 'Enter' });
    fireEvent.change(end!, { target: { value: '2026-11-30' } });
    fireEvent.keyDown(end!, { key: 'Enter' });
    await waitFor(() =>
      expect(api.last(PNL)!.body).toMatchObject({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' }),
    );
  });
});

describe('report presets', () => {
  afterEach(() => vi.useRealTimers());

  it('are the site’s days: today, yesterday, this and last week (from Monday), this and last month', () => {
    logIn(sessionOf('finance'));
    // Wednesday 2026-11-25, 01:00 on the site's clock (UTC+8): still the 24th in UTC.
    vi.useFakeTimers({ now: new Date('2026-11-24T17:00:00Z'), toFake: ['Date'] });
    const days = Object.fromEntries(
      rangePresets().map((p) => [p.label, p.value.map((d) => d.format('YYYY-MM-DD')).join('~')]),
    );
    expect(days).toEqual({
      今天: '2026-11-25~2026-11-25',
      昨天: '2026-11-24~2026-11-24',
      本周: '2026-11-23~2026-11-25',
      上周: '2026-11-16~2026-11-22',
      本月: '2026-11-01~2026-11-25',
      上月: '2026-10-01~2026-10-31',
      '近 30 天': '2026-10-27~2026-11-25',
      '近 90 天': '2026-08-28~2026-11-25',
    });
  });
});
