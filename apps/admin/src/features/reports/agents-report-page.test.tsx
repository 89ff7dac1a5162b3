import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consoleFakes, fakeApi, page } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

// jsdom draws no canvas: the chart shows the teams and series it was given.
vi.mock('../../components/echart', () => ({
  EChart: ({ option }: { option: { xAxis: { data: string[] }; series: { name: string; data: number[] }[] } }) => (
    <div data-testid="chart">
      {option.xAxis.data.join(',')}|{option.series.map((s) => `${s.name}:${s.data.join(',')}`).join(';')}
    </div>
  ),
}));

const AGENTS = '/reports/agents';

const line = (agentId: number | null, username: string | null, ggr: number) => ({
  agentId,
  username,
  members: agentId === null ? 0 : 120,
  players: 14,
  bets: 300,
  turnover: 5_000_000,
  validBet: 4_900_000,
  payout: 5_000_000 - ggr,
  ggr,
  commissions: 60_000,
  dividends: 20_000,
  net: ggr - 80_000,
});

describe('报表 › 代理', () => {
  it('lists each top-level team with its GGR and pay, the players of no team apart, over the tab’s range', async () => {
    logIn(sessionOf('finance', 'fin01'));
    const api = fakeApi({
      ...consoleFakes('finance', 'fin01'),
      [AGENTS]: () => page([line(7, 'topagent', 300_000), line(null, null, -50_000)]),
    });
    renderApp('/reports/agents?from=2026-11-01&to=2026-11-30');
    const team = (await screen.findByRole('link', { name: 'topagent' })).closest('tr')!;
    expect(team.querySelector('a')!.getAttribute('href')).toBe('/players/topagent');
    expect(within(team).getByText('¥3,000.00')).toBeTruthy();
    expect(within(team).getByText('¥2,200.00')).toBeTruthy();
    const loners = screen.getByText('无代理（直属平台）').closest('tr')!;
    expect(within(loners).getByText('-¥500.00')).toBeTruthy();
    // The range in the address is the site's days: 1 to 30 November, UTC+8.
    expect(api.last(AGENTS)!.body).toMatchObject({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' });
    expect(screen.getByRole('button', { name: /导出 CSV/ })).toBeTruthy();
    expect(screen.getByTestId('chart').textContent).toBe(
      'topagent,无代理（直属平台）|GGR:3000,-500;佣金与分红:800,800;净收入:2200,-1300',
    );

    // Another tab keeps the range.
    fireEvent.click(screen.getByRole('tab', { name: '盈亏' }));
    await waitFor(() => expect(api.last('/reports/pnl')?.body).toMatchObject({ from: '2026-10-31T16:00:00.000Z' }));
  });
});
