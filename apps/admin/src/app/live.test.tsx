import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, page, consoleFakes } from '../test/fake-api';
import { fakeSockets, type FakeSocket } from '../test/fake-socket';
import { logIn, renderApp, sessionOf } from '../test/render';

/*
 * The console's live connection (lib/console-live.tsx) as an operator meets it: the header says
 * 实时, 重连中 or (the session over) 已断开, pushed counts show on the menu at once, news of a book move the billiards page,
 * and the pages poll only while the connection is down. Timers are fake but run with the clock
 * (shouldAdvanceTime), so the waits of Testing Library still work.
 */

const countsOf = (extra: object = {}) => ({
  manualDeposits: 0,
  withdrawalsReviewing: 0,
  withdrawalsApproved: 0,
  tradingAlerts: 0,
  newestAt: null as string | null,
  ...extra,
});

const alertOf = (id: number) => ({
  id,
  kind: 'big_bet',
  matchId: 11,
  matchName: 'Ding vs Ronnie',
  marketId: 111,
  marketName: '独赢',
  userId: 7,
  username: 'alice01',
  betNo: `T2026112300${id}`,
  amount: 600_000,
  at: `2026-11-23T10:0${id}:00Z`,
  ackedBy: null,
  ackedAt: null,
  linkedUserId: null,
  linkedUsername: null,
});

let counts = countsOf();
let alerts = [alertOf(1)];

/** The console of a risk operator: every ticket it takes is t1, t2, …; `/auth/me` says the session holds. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  let tickets = 0;
  counts = countsOf({ tradingAlerts: 1 });
  alerts = [alertOf(1)];
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/auth/logout': () => ({ data: {} }),
    '/live/ticket': () => ({ data: { ticket: `t${++tickets}` } }),
    '/queues': () => ({ data: counts }),
    '/taiqiu/alerts': () => ({
      data: { list: alerts, total: alerts.length, open: alerts.length, page: 1, pageSize: 20 },
    }),
    ...handlers,
  });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const liveState = () => screen.getByTestId('live-state').textContent;

/** Waits for the console to open its socket `n` (1, 2, …). */
async function socketNo(sockets: ReturnType<typeof fakeSockets>, n: number): Promise<FakeSocket> {
  await waitFor(() => expect(sockets.all()).toHaveLength(n));
  return sockets.all()[n - 1]!;
}

describe('the live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with a ticket, pings, and puts pushed counts on the menu and the alerts without polling', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    const sockets = fakeSockets();
    renderApp('/trading-alerts');
    const socket = await socketNo(sockets, 1);
    expect(socket.url).toBe(`ws://${location.host}/ws/console?ticket=t1`);
    expect(api.count('/live/ticket')).toBe(1);
    expect(liveState()).toBe('连接中');

    socket.open();
    await waitFor(() => expect(liveState()).toBe('实时'));
    expect(socket.pings()).toHaveLength(1);
    await screen.findByRole('button', { name: '确认 1' });
    await waitFor(() => expect(screen.getByTestId('badge-tradingAlerts').textContent).toBe('1'));
    const queuesRead = api.count('/queues');
    const alertsRead = api.count('/taiqiu/alerts');

    // Open: nothing is polled; the pings go on every 5 s.
    await advance(16_000);
    expect(api.count('/queues')).toBe(queuesRead);
    expect(api.count('/taiqiu/alerts')).toBe(alertsRead);
    expect(socket.pings().length).toBeGreaterThanOrEqual(4);

    // A new alert and a withdrawal to review: pushed, they show at once.
    alerts = [alertOf(2), ...alerts];
    counts = countsOf({ tradingAlerts: 2, withdrawalsReviewing: 1, newestAt: '2026-11-23T10:05:00.000Z' });
    socket.push({ type: 'QUEUES_UPDATED', counts });
    await waitFor(() => expect(screen.getByTestId('badge-tradingAlerts').textContent).toBe('2'));
    expect(screen.getByTestId('badge-withdrawals').textContent).toBe('1');
    expect(await screen.findByText('有新的待处理事项')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '确认 2' })).toBeTruthy();
    expect(api.count('/taiqiu/alerts')).toBe(alertsRead + 1);
    expect(api.count('/queues')).toBe(queuesRead);

    // Other news (unknown types, the same count of alerts) reads nothing again.
    socket.push({ type: 'SOMETHING_NEW', x: 1 });
    socket.push({ type: 'QUEUES_UPDATED', counts: { ...counts, withdrawalsReviewing: 0 } });
    await waitFor(() => expect(screen.queryByTestId('badge-withdrawals')).toBeNull());
    await advance(1_000);
    expect(api.count('/taiqiu/alerts')).toBe(alertsRead + 1);
    expect(api.count('/queues')).toBe(queuesRead);
  });

  it('reconnects after a drop, polling meanwhile; a refused ticket is taken again at once; a session ended stops it', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    const sockets = fakeSockets();
    renderApp('/trading-alerts');
    const first = await socketNo(sockets, 1);
    first.open();
    await screen.findByRole('button', { name: '确认 1' });
    await waitFor(() => expect(liveState()).toBe('实时'));
    const queuesRead = api.count('/queues');

    first.serverClose(1006);
    await waitFor(() => expect(liveState()).toBe('重连中'));
    // Down: the queues and the alerts are polled again, and a new socket is tried after 5 s.
    await advance(5_000);
    const second = await socketNo(sockets, 2);
    expect(second.ticket).toBe('t2');
    await advance(5_000);
    expect(api.count('/queues')).toBeGreaterThanOrEqual(queuesRead + 2);
    alerts = [alertOf(3), ...alerts];
    await advance(5_000);
    expect(await screen.findByRole('button', { name: '确认 3' })).toBeTruthy();

    // Back: polling stops.
    second.open();
    await waitFor(() => expect(liveState()).toBe('实时'));
    const polled = api.count('/queues');
    await advance(12_000);
    expect(api.count('/queues')).toBe(polled);

    // A refused ticket: a new one at once, no wait.
    second.serverClose(4001);
    const third = await socketNo(sockets, 3);
    expect(third.ticket).toBe('t3');
    third.open();
    await waitFor(() => expect(liveState()).toBe('实时'));

    // The session ended: no new attempt; the console asks whether it is still logged in.
    const meRead = api.count('/auth/me');
    third.serverClose(4000);
    await waitFor(() => expect(api.count('/auth/me')).toBe(meRead + 1));
    await advance(60_000);
    expect(sockets.all()).toHaveLength(3);
    expect(api.count('/live/ticket')).toBe(3);
    expect(liveState()).toBe('已断开');
  });

  it('a session the server ended shows 已断开 (log in again), and the pages go on polling without a new socket', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    const sockets = fakeSockets();
    renderApp('/trading-alerts');
    const socket = await socketNo(sockets, 1);
    socket.open();
    await screen.findByRole('button', { name: '确认 1' });
    await waitFor(() => expect(liveState()).toBe('实时'));

    // `me` still answers (the session ends on the server a moment later, or another tab logs in
    // again): the console stays, told the connection is over.
    socket.serverClose(4000);
    await waitFor(() => expect(liveState()).toBe('已断开'));
    fireEvent.mouseEnter(screen.getByTestId('live-state'));
    expect(await screen.findByText('会话已结束，请重新登录')).toBeTruthy();

    // Polled every 5 s as while down, and nothing is tried again.
    const queuesRead = api.count('/queues');
    alerts = [alertOf(4), ...alerts];
    await advance(10_000);
    expect(api.count('/queues')).toBeGreaterThanOrEqual(queuesRead + 2);
    expect(await screen.findByRole('button', { name: '确认 4' })).toBeTruthy();
    await advance(60_000);
    expect(sockets.all()).toHaveLength(1);
    expect(api.count('/live/ticket')).toBe(1);
    expect(liveState()).toBe('已断开');
  });

  it('backs off while the server stays away, and the socket closes on logout', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    const sockets = fakeSockets();
    renderApp('/trading-alerts');
    (await socketNo(sockets, 1)).serverClose(1006);
    await advance(5_000);
    (await socketNo(sockets, 2)).serverClose(1006);
    // The second wait is longer: nothing at 5 s, a third socket by 10 s.
    await advance(5_000);
    expect(sockets.all()).toHaveLength(2);
    await advance(5_000);
    const third = await socketNo(sockets, 3);
    third.open();
    await waitFor(() => expect(liveState()).toBe('实时'));

    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeTruthy();
    expect(third.closedWith).toBe(1000);
    const tickets = api.count('/live/ticket');
    await advance(60_000);
    expect(sockets.all()).toHaveLength(3);
    expect(api.count('/live/ticket')).toBe(tickets);
  });

  it("news of a match's book reads its liability and the match list again; down, the liability is polled", async () => {
    logIn(sessionOf('risk'));
    let worst = 123_400;
    const api = fake({
      '/taiqiu/matches': () => page([{ ...matchOf(), liability: worst }]),
      '/taiqiu/match/liability': () => ({ data: { matchId: 11, worst, markets: [], at: '2026-11-23T11:00:00Z' } }),
    });
    const sockets = fakeSockets();
    renderApp('/billiards');
    const socket = await socketNo(sockets, 1);
    socket.open();
    const row = (await screen.findByText('3 : 2')).closest('tr')!;
    expect(within(row).getByText('¥1,234.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    await waitFor(() => expect(screen.getByTestId('liability-summary').textContent).toBe('最大赔付风险：¥1,234.00'));
    const liabilityRead = api.count('/taiqiu/match/liability');
    const listRead = api.count('/taiqiu/matches');
    // Open: the liability is not polled (it is every 2 s while down).
    await advance(6_000);
    expect(api.count('/taiqiu/match/liability')).toBe(liabilityRead);

    worst = 250_000;
    socket.push({ type: 'TRADING_CHANGED', matchId: 11 });
    await waitFor(() => expect(screen.getByTestId('liability-summary').textContent).toBe('最大赔付风险：¥2,500.00'));
    const updated = (await screen.findByText('3 : 2')).closest('tr')!;
    await waitFor(() => expect(within(updated).getByText('¥2,500.00')).toBeTruthy());
    expect(api.count('/taiqiu/match/liability')).toBe(liabilityRead + 1);
    expect(api.count('/taiqiu/matches')).toBe(listRead + 1);

    socket.serverClose(1006);
    await waitFor(() => expect(liveState()).toBe('重连中'));
    await advance(4_500);
    expect(api.count('/taiqiu/match/liability')).toBeGreaterThanOrEqual(liabilityRead + 3);
  });
});

/** A live match with its 独赢 market, as the billiards list has it. */
function matchOf() {
  return {
    id: 11,
    playerA: { name: 'Ding', avatar: '' },
    playerB: { name: 'Ronnie', avatar: '' },
    bestOf: 9,
    startAt: '2026-11-23T10:00:00Z',
    status: 'live',
    score: { a: 3, b: 2 },
    mainOdds: null,
    seedHash: null,
    frame: null,
    serverSeed: null,
    openBets: 4,
    liability: 123_400,
    acceptDelayMs: 0,
    cashoutOff: false,
    markets: [
      {
        id: 111,
        type: 'winner',
        name: '独赢',
        status: 'open',
        minStake: 1000,
        maxStake: 500000,
        selections: [
          { id: 1101, pick: 'a', name: 'Ding', odds: 1.85 },
          { id: 1102, pick: 'b', name: 'Ronnie', odds: 1.95 },
        ],
      },
    ],
    marketSettings: [],
  };
}
