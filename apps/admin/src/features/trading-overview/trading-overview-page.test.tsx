import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, consoleFakes } from '../../test/fake-api';
import { fakeSockets } from '../../test/fake-socket';
import { logIn, renderApp, sessionOf } from '../../test/render';

const EXPOSURE = '/taiqiu/exposure';
/** The theme's colorError, colorWarning and colorSuccess (antd's defaults). */
const RED = '#ff4d4f';
const ORANGE = '#faad14';
const GREEN = '#52c41a';

const matchOf = (matchId: number, extra: object = {}) => ({
  matchId,
  matchName: 'Ding vs Ronnie',
  status: 'scheduled' as 'scheduled' | 'live',
  startAt: '2026-11-23T12:00:00Z',
  score: { a: 0, b: 0 },
  openBets: 0,
  stake: 0,
  worst: 0,
  fullestBp: null as number | null,
  heldMarkets: 0,
  openAlerts: 0,
  ...extra,
});

type ExposureMatch = ReturnType<typeof matchOf>;

let matches: ExposureMatch[] = [];

/** The server's answer: the matches as they are (the worst first), and the book's totals. */
const exposureAnswer = () => ({
  data: {
    matches,
    openBets: matches.reduce((n, m) => n + m.openBets, 0),
    stake: matches.reduce((n, m) => n + m.stake, 0),
    worst: matches.reduce((n, m) => n + m.worst, 0),
    at: '2026-11-23T10:30:05Z',
  },
});

const countsOf = (tradingAlerts: number) => ({
  manualDeposits: 0,
  withdrawalsReviewing: 0,
  withdrawalsApproved: 0,
  tradingAlerts,
  newestAt: null,
});

function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/queues': () => ({ data: countsOf(0) }),
    [EXPOSURE]: () => exposureAnswer(),
    ...handlers,
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const names = () =>
  screen
    .getAllByRole('row')
    .map((r) => r.querySelector('td strong')?.textContent)
    .filter(Boolean);
/** The colour an amount is written in (its Typography's, a strong one inside). */
const colourOf = (el: HTMLElement) => (el.closest('.ant-typography') as HTMLElement).style.color;
const figure = (id: string) => screen.getByTestId(id).querySelector('.ant-statistic-content') as HTMLElement;

describe('风险总览', () => {
  it('lists the open matches worst first, with the book’s totals and each figure formatted', async () => {
    logIn(sessionOf('risk'));
    matches = [
      matchOf(12, {
        matchName: 'Trump vs Selby',
        status: 'live',
        score: { a: 3, b: 2 },
        startAt: '2026-11-23T10:00:00Z',
        openBets: 1_250,
        stake: 12_345_600,
        worst: 5_012_300,
        fullestBp: 9_520,
        heldMarkets: 2,
        openAlerts: 3,
      }),
      matchOf(11, { openBets: 4, stake: 80_000, worst: 30_000, fullestBp: 6_000 }),
      matchOf(13, { matchName: 'Murphy vs Allen', openBets: 2, stake: 20_000, worst: -5_000, fullestBp: null }),
    ];
    const api = fake();
    renderApp('/trading-overview');
    await screen.findByText('Trump vs Selby');
    expect(api.last(EXPOSURE)!.body).toEqual({});
    expect(names()).toEqual(['Trump vs Selby', 'Ding vs Ronnie', 'Murphy vs Allen']);

    // The book's totals: the worst case in red while the book would lose.
    expect(figure('total-matches').textContent).toBe('3');
    expect(figure('total-bets').textContent).toBe('1,256');
    expect(figure('total-stake').textContent).toBe('¥124,456.00');
    expect(figure('total-worst').textContent).toBe('¥50,373.00');
    expect(figure('total-worst').style.color).toBe(RED);
    expect(screen.getByTestId('updated-at').textContent).toBe('更新于 18:30:05');

    // Live, nearly full, two markets held, three alerts waiting.
    const live = within(rowOf('Trump vs Selby'));
    expect(live.getByText('进行中')).toBeTruthy();
    expect(live.getByTestId('match-score').textContent).toBe('3 : 2');
    expect(live.getByText('2026-11-23 18:00')).toBeTruthy();
    expect(live.getByTestId('open-bets').textContent).toBe('1,250');
    expect(live.getByText('¥123,456.00')).toBeTruthy();
    const worst = live.getByText('¥50,123.00');
    expect(colourOf(worst)).toBe(RED);
    expect(live.getByTestId('fullest').textContent).toBe('95%');
    expect(live.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('95.2');
    expect(live.getByTestId('held').textContent).toBe('2 个');
    const alerts = live.getByRole('link', { name: '3 条未处理提醒' });
    expect(alerts.getAttribute('href')).toBe('/trading-alerts');
    expect(alerts.textContent).toBe('3');
    expect(live.getByRole('link', { name: '盘口' }).getAttribute('href')).toBe('/billiards');
    expect(live.getByRole('link', { name: '注单' }).getAttribute('href')).toBe('/trading-ticker?match=12');

    // Not started: no score; 60 % of its limit; nothing held, no alert.
    const scheduled = within(rowOf('Ding vs Ronnie'));
    expect(scheduled.getByText('未开赛')).toBeTruthy();
    expect(scheduled.queryByTestId('match-score')).toBeNull();
    expect(scheduled.getByText('2026-11-23 20:00')).toBeTruthy();
    expect(scheduled.getByText('¥800.00')).toBeTruthy();
    expect(colourOf(scheduled.getByText('¥300.00'))).toBe(RED);
    expect(scheduled.getByTestId('fullest').textContent).toBe('60%');
    expect(scheduled.queryByTestId('held')).toBeNull();
    expect(scheduled.queryByRole('link', { name: /未处理提醒/ })).toBeNull();

    // A book that keeps money whatever happens: not red; no market under a limit.
    const safe = within(rowOf('Murphy vs Allen'));
    expect(colourOf(safe.getByText('-¥50.00'))).not.toBe(RED);
    expect(safe.getByText('无上限')).toBeTruthy();
    expect(safe.queryByTestId('fullest')).toBeNull();
  });

  it('colours the fullest market green below 60 %, orange below 90 %, red from 90 % (over 100 % shown as it is)', async () => {
    logIn(sessionOf('risk'));
    const bar = (bp: number) => matchOf(bp, { matchName: `M${bp}`, fullestBp: bp, worst: 100_000 - bp });
    matches = [bar(5_999), bar(6_000), bar(8_999), bar(9_000), bar(10_500)];
    fake();
    renderApp('/trading-overview');
    await screen.findByText('M5999');
    const colour = (bp: number) => {
      const cell = within(rowOf(`M${bp}`)).getByTestId('fullest');
      return (cell.querySelector('.ant-progress-track') as HTMLElement).style.background;
    };
    expect(colour(5_999)).toBe(GREEN);
    expect(colour(6_000)).toBe(ORANGE);
    expect(colour(8_999)).toBe(ORANGE);
    expect(colour(9_000)).toBe(RED);
    expect(colour(10_500)).toBe(RED);
    // Over its limit (a limit lowered under the bets already taken): a full bar, the share as it is.
    expect(within(rowOf('M10500')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(rowOf('M10500')).getByTestId('fullest').textContent).toBe('105%');
    expect(within(rowOf('M5999')).getByTestId('fullest').textContent).toBe('59%');
  });

  it('reads the overview again on a pushed TRADING_CHANGED and on a changed count of alerts, with no polling while the socket is open', async () => {
    logIn(sessionOf('risk'));
    matches = [matchOf(11, { openBets: 1, stake: 10_000, worst: 8_500 })];
    let counts = countsOf(0);
    const api = fake({ '/live/ticket': () => ({ data: { ticket: 't1' } }), '/queues': () => ({ data: counts }) });
    const sockets = fakeSockets();
    renderApp('/trading-overview');
    await waitFor(() => expect(sockets.all()).toHaveLength(1));
    const socket = sockets.last()!;
    socket.open();
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('实时'));
    expect(within(rowOf('Ding vs Ronnie')).getByTestId('open-bets').textContent).toBe('1');
    expect(screen.getByText('实时更新')).toBeTruthy();

    // Open: nothing is polled.
    const read = api.count(EXPOSURE);
    await act(() => new Promise((r) => setTimeout(r, 5_500)));
    expect(api.count(EXPOSURE)).toBe(read);

    // A bet on the match: pushed, read again at once.
    matches = [matchOf(11, { openBets: 2, stake: 30_000, worst: 25_500 })];
    socket.push({ type: 'TRADING_CHANGED', matchId: 11 });
    await waitFor(() => expect(within(rowOf('Ding vs Ronnie')).getByTestId('open-bets').textContent).toBe('2'));
    expect(figure('total-worst').textContent).toBe('¥255.00');
    expect(api.count(EXPOSURE)).toBe(read + 1);

    // A new alert: the count pushed reads the overview again; the same count does not.
    matches = [matchOf(11, { openBets: 2, stake: 30_000, worst: 25_500, openAlerts: 1 })];
    counts = countsOf(1);
    socket.push({ type: 'QUEUES_UPDATED', counts });
    expect(await screen.findByRole('link', { name: '1 条未处理提醒' })).toBeTruthy();
    expect(api.count(EXPOSURE)).toBe(read + 2);
    socket.push({ type: 'QUEUES_UPDATED', counts: { ...counts, manualDeposits: 1 } });
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(api.count(EXPOSURE)).toBe(read + 2);
  });

  it('polls every 5 s while the live connection is down', async () => {
    logIn(sessionOf('risk'));
    matches = [matchOf(11, { openBets: 1 })];
    fake();
    renderApp('/trading-overview');
    await screen.findByText('Ding vs Ronnie');
    expect(screen.getByText('实时连接断开，每 5 秒刷新')).toBeTruthy();
    matches = [matchOf(11, { openBets: 7 })];
    await waitFor(() => expect(within(rowOf('Ding vs Ronnie')).getByTestId('open-bets').textContent).toBe('7'), {
      timeout: 8_000,
    });
  });

  it('says no match is open when none is, and shows a failed read with a retry', async () => {
    logIn(sessionOf('risk'));
    matches = [];
    let fail = true;
    const api = fake({ [EXPOSURE]: () => (fail ? { code: 500, msg: '服务器内部错误' } : exposureAnswer()) });
    renderApp('/trading-overview');
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByText('暂无开放投注的赛事')).toBeNull();
    // Never read: no figure, not a zero.
    expect(figure('total-matches').textContent).toBe('—');
    expect(figure('total-worst').textContent).toBe('—');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无开放投注的赛事')).toBeTruthy();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
    expect(figure('total-matches').textContent).toBe('0');
    expect(figure('total-worst').style.color).not.toBe(RED);
    expect(api.count(EXPOSURE)).toBeGreaterThanOrEqual(2);
  });

  it('is not open to finance: no menu entry, 403, no read', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      ...consoleFakes('finance', 'f'),
      '/queues': () => ({ data: countsOf(0) }),
    });
    renderApp('/trading-overview');
    expect(await screen.findByText('当前角色无权访问此页面')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /风险总览/ })).toBeNull();
    expect(api.count(EXPOSURE)).toBe(0);
  });
});
