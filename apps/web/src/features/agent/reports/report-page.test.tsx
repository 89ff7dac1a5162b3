import { agentReports } from '@breakshot/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetRange } from '../../../components/ui/date-range';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { DAY_CONFIGS, REPORT_CONFIGS, type ReportRouteId } from './report-config';
import { DividendReportPage, CostsReportPage, GameIncomePage } from './pages';
import { ok } from '../shared/test-fixtures';

// happy-dom has no canvas: the chart shows what it was given instead of drawing it.
vi.mock('../../../components/report/report-chart', () => ({
  ReportChart: ({ points }: { points: { date: string; value: number }[] }) => (
    <div data-testid="report-chart">{points.map((p) => `${p.date}:${p.value}`).join(' ')}</div>
  ),
}));

const TZ = 'Asia/Shanghai';
const costs = (rebates: number, bonuses: number, commission: number) => ({ rebates, bonuses, commission });
const costsReport = (over: object = {}) => ({
  kind: 'costs',
  timeZone: TZ,
  summary: costs(3_000, 1_000, 1_234),
  rows: [
    { date: '2026-03-04', values: costs(1_000, 0, 1_234) },
    { date: '2026-03-03', values: costs(2_000, 1_000, 0) },
  ],
  ...over,
});

/** The text of a figure: in the summary, or in the row of a date. */
const sum = (key: string) =>
  within(screen.getByTestId('report-summary')).getByTestId(`cell-${key}`).querySelector('strong')!;
const rowOf = (date: string) => document.querySelector<HTMLElement>(`[data-testid=report-row][data-date="${date}"]`)!;
const cell = (date: string, key: string) => within(rowOf(date)).getByTestId(`cell-${key}`).querySelector('strong')!;

const open = (route: ReportRouteId, page: React.ReactElement, query = '') =>
  renderAt(page, '/user/daili/:report', `/user/daili/${route}${query}`);

describe('the agent report page (one component, configured per route)', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it("every route's drill opens a {date} route whose detail is the column's drill in the contract", () => {
    for (const config of Object.values(REPORT_CONFIGS)) {
      const columns = agentReports.REPORT_LAYOUTS[config.kind].columns as readonly agentReports.ReportColumn[];
      for (const [key, route] of Object.entries(config.drills ?? {})) {
        expect(columns.find((c) => c.key === key)?.drill, `${config.kind}.${key}`).toBe(DAY_CONFIGS[route]);
      }
      if (config.chart) expect(columns.map((c) => c.key)).toContain(config.chart);
    }
  });

  it("hlfybb: the contract's columns as summary and daily rows, newest first, drillable figures linking to their day", async () => {
    const api = fakeApi({ '/agent/report': () => ok(costsReport()) });
    open('dlHlfybb', <CostsReportPage />);
    await waitFor(() => expect(sum('rebates').textContent).toBe('¥30.00'));
    expect(sum('bonuses').textContent).toBe('¥10.00');
    expect(sum('commission').textContent).toBe('¥12.34');
    const labels = [...screen.getByTestId('report-summary').querySelectorAll('.ag-cell .muted')].map(
      (e) => e.textContent,
    );
    expect(labels).toEqual(['返水', '红利', '佣金']);

    const rows = screen.getAllByTestId('report-row');
    expect(rows.map((r) => r.dataset.date)).toEqual(['2026-03-04', '2026-03-03']);
    const link = (date: string, key: string) =>
      rowOf(date).querySelector(`a[data-drill="${key}"]`)?.getAttribute('href') ?? null;
    expect(link('2026-03-04', 'rebates')).toBe('/user/daili/fanshuidetails/2026-03-04');
    expect(link('2026-03-04', 'commission')).toBe('/user/daili/yongjinDetails/2026-03-04');
    expect(link('2026-03-03', 'bonuses')).toBe('/user/daili/hongliDetails/2026-03-03');
    // A zero opens nothing.
    expect(link('2026-03-04', 'bonuses')).toBeNull();
    // The trend chart: oldest first.
    expect(screen.getByTestId('report-chart').textContent).toBe('2026-03-03:0 2026-03-04:1234');

    // The default period is this month, of my whole team.
    const month = presetRange('month', new Date(), TZ);
    expect(api.bodies('/agent/report')[0]).toEqual({ kind: 'costs', from: month.from, to: month.to, scope: 'team' });
  });

  it('the period chips and the team/direct switch ask again with their from/to and scope; drills keep the scope', async () => {
    const api = fakeApi({ '/agent/report': () => ok(costsReport()) });
    open('dlHlfybb', <CostsReportPage />);
    await screen.findByTestId('report-rows');
    const labels = [...document.querySelectorAll('[data-preset]')].map((b) => b.textContent);
    expect(labels).toEqual(['今天', '昨天', '本周', '上周', '本月', '上月', '自定义']);

    fireEvent.click(document.querySelector('[data-preset="lastWeek"]')!);
    const lastWeek = presetRange('lastWeek', new Date(), TZ);
    await waitFor(() => expect(api.count('/agent/report')).toBe(2));
    expect(api.bodies('/agent/report')[1]).toEqual({
      kind: 'costs',
      from: lastWeek.from,
      to: lastWeek.to,
      scope: 'team',
    });

    fireEvent.click(document.querySelector('[data-preset="yesterday"]')!);
    const yesterday = presetRange('yesterday', new Date(), TZ);
    await waitFor(() => expect(api.count('/agent/report')).toBe(3));
    expect(api.bodies('/agent/report')[2]).toMatchObject({ from: yesterday.from, to: yesterday.to });

    fireEvent.click(screen.getByTestId('scope-direct'));
    await waitFor(() => expect(api.count('/agent/report')).toBe(4));
    expect(api.bodies('/agent/report')[3]).toMatchObject({ from: yesterday.from, scope: 'direct' });
    await waitFor(() =>
      expect(rowOf('2026-03-04').querySelector('a[data-drill="rebates"]')!.getAttribute('href')).toBe(
        '/user/daili/fanshuidetails/2026-03-04?scope=direct',
      ),
    );
  });

  it('the period and scope come from the URL (coming back from a drill-down shows the same report)', async () => {
    const api = fakeApi({ '/agent/report': () => ok(costsReport()) });
    open('dlHlfybb', <CostsReportPage />, '?period=custom&from=2026-02-01&to=2026-02-10&scope=direct');
    await screen.findByTestId('report-rows');
    expect(api.bodies('/agent/report')[0]).toEqual({
      kind: 'costs',
      from: '2026-02-01',
      to: '2026-02-10',
      scope: 'direct',
    });
  });

  it('an empty period says so; a failure offers a retry', async () => {
    let fail = true;
    fakeApi({
      '/agent/report': () =>
        fail
          ? { code: 500, msg: '服务繁忙' }
          : ok(costsReport({ summary: costs(0, 0, 0), rows: [{ date: '2026-03-04', values: costs(0, 0, 0) }] })),
    });
    open('dlHlfybb', <CostsReportPage />);
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('该时段没有数据')).toBeTruthy();
    expect(sum('rebates').textContent).toBe('¥0.00');
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });

  it('fenhongbb: weekly rows with their status, signed carry-over and the ratio as a percentage', async () => {
    const values = (dividend: number) => ({ netLoss: 50_000, costs: 10_000, carryIn: -5_000, ratioBp: 3000, dividend });
    fakeApi({
      '/agent/report': () =>
        ok({
          kind: 'dividend',
          timeZone: TZ,
          summary: values(7_500),
          rows: [
            { date: '2026-03-02', values: values(0), status: 'pending' },
            { date: '2026-02-23', values: values(7_500), status: 'paid' },
            { date: '2026-02-16', values: values(0), status: 'none' },
          ],
        }),
    });
    open('dlFenhongbb', <DividendReportPage />);
    await screen.findByTestId('report-rows');
    const status = (date: string) => within(rowOf(date)).getByTestId('dividend-status').textContent;
    expect(status('2026-03-02')).toBe('待发放');
    expect(status('2026-02-23')).toBe('已发放');
    expect(status('2026-02-16')).toBe('无收益');
    expect(rowOf('2026-02-23').querySelector('header')!.textContent).toContain('2026-02-23 ~ 2026-03-01');
    expect(cell('2026-02-23', 'carryIn').querySelector('.money-neg')!.textContent).toBe('-¥50.00');
    expect(cell('2026-02-23', 'ratioBp').textContent).toBe('30.00%');
    expect(cell('2026-02-23', 'dividend').textContent).toBe('¥75.00');
  });

  it('yxsy: the period per game type, no daily rows', async () => {
    const v = (validBet: number, winLoss: number, commission: number) => ({ validBet, winLoss, commission });
    fakeApi({
      '/agent/report': () =>
        ok({
          kind: 'games',
          timeZone: TZ,
          summary: v(30_000, 1_500, 300),
          rows: [{ date: '2026-03-04', values: v(30_000, 1_500, 300) }],
          byGameType: [
            { gameType: 'taiqiu', values: v(20_000, -2_000, 240) },
            { gameType: 'slots', values: v(10_000, 3_500, 60) },
          ],
        }),
    });
    open('dlYxsy', <GameIncomePage />);
    expect((await screen.findByTestId('game-taiqiu')).textContent).toContain('台球');
    const game = (g: string) => within(screen.getByTestId(`game-${g}`)).getByTestId('cell-winLoss').textContent;
    expect(game('taiqiu')).toBe('输赢-¥20.00');
    expect(game('slots')).toBe('输赢+¥35.00');
    expect(screen.queryByTestId('report-rows')).toBeNull();
  });
});
