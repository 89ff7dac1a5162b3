import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { fakeSockets } from '../../test/fake-socket';
import { logIn, renderApp, sessionOf } from '../../test/render';

const TICKER = '/taiqiu/ticker';

const leg = (matchId: number, matchName: string, marketName: string, selectionName: string, odds: number) => ({
  matchId,
  matchName,
  marketId: matchId * 10 + 1,
  marketType: 'winner',
  marketName,
  selectionName,
  odds,
});

const betOf = (id: number, extra: object = {}) => ({
  id,
  betNo: `T2026112300${id}`,
  userId: 7,
  username: 'alice01',
  stakeFactorBp: 10_000,
  tags: [] as string[],
  kind: 'single',
  legs: [leg(11, 'Ding vs Ronnie', '独赢', 'Ding', 1.85)],
  odds: 1.85,
  stake: 20_000,
  askedStake: null as number | null,
  status: 'open',
  at: `2026-11-23T10:0${id % 10}:00Z`,
  ...extra,
});

type TickerBet = ReturnType<typeof betOf>;

/** A match of the filter's list (no markets needed there). */
const matchOf = (id: number, a: string, b: string) => ({
  id,
  playerA: { name: a, avatar: '' },
  playerB: { name: b, avatar: '' },
  bestOf: 9,
  startAt: '2026-11-23T10:00:00Z',
  status: 'live',
  score: { a: 0, b: 0 },
  mainOdds: null,
  seedHash: null,
  frame: null,
  serverSeed: null,
  openBets: 0,
  liability: 0,
  acceptDelayMs: 0,
  cashoutOff: false,
  markets: [],
  marketSettings: [],
});

let bets: TickerBet[] = [];

/** The server's ticker: newest first, `pageSize` a page before `beforeId`; every filter applied. */
function tickerAnswer(body: Record<string, unknown>, pageSize = 50) {
  const list = bets
    .filter((b) => body.beforeId === undefined || b.id < (body.beforeId as number))
    .filter((b) => body.minStake === undefined || b.stake >= (body.minStake as number))
    .filter((b) => body.matchId === undefined || b.legs.some((l) => l.matchId === body.matchId))
    .filter((b) => body.tag === undefined || b.tags.includes(body.tag as string));
  return { data: { items: list.slice(0, pageSize), more: list.length > pageSize } };
}

function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/taiqiu/matches': () => page([matchOf(11, 'Ding', 'Ronnie'), matchOf(12, 'Trump', 'Selby')]),
    [TICKER]: (body) => tickerAnswer(body),
    ...handlers,
  });
}

const rowOf = (betNo: string) => screen.getByText(betNo).closest('tr') as HTMLElement;
const betNos = () =>
  screen
    .getAllByText(/^T2026112300\d+$/)
    .map((e) => e.textContent)
    .filter(Boolean);

/** Picks `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('实时注单', () => {
  it('lists the bets newest first: time, bet, player (tags, limited), legs (a parlay stacked), odds, stake cut by the limits, status', async () => {
    logIn(sessionOf('risk'));
    bets = [
      betOf(3, {
        kind: 'parlay',
        legs: [leg(11, 'Ding vs Ronnie', '独赢', 'Ding', 1.85), leg(12, 'Trump vs Selby', '第3局 胜者', 'Selby', 2.1)],
        odds: 3.89,
        status: 'pending',
      }),
      betOf(2, {
        username: 'bob02',
        stakeFactorBp: 5_000,
        tags: ['sharp', '对冲组'],
        stake: 50_000,
        askedStake: 100_000,
        status: 'won',
      }),
      betOf(1, { status: 'cashout' }),
    ];
    const api = fake();
    renderApp('/trading-ticker');
    await screen.findByText('T20261123003');
    expect(api.last(TICKER)!.body).toEqual({});
    expect(betNos()).toEqual(['T20261123003', 'T20261123002', 'T20261123001']);

    const parlay = within(rowOf('T20261123003'));
    expect(parlay.getByText('2026-11-23 18:03:00')).toBeTruthy();
    expect(parlay.getByText('串关')).toBeTruthy();
    const legs = parlay.getAllByTestId('ticker-leg').map((e) => e.textContent);
    expect(legs).toEqual(['Ding vs Ronnie · 独赢 · Ding @ 1.85', 'Trump vs Selby · 第3局 胜者 · Selby @ 2.10']);
    expect(parlay.getByText('3.89')).toBeTruthy();
    expect(parlay.getByText('确认中')).toBeTruthy();
    expect(parlay.queryByText('限注')).toBeNull();
    expect(parlay.getByRole('link', { name: 'alice01' }).getAttribute('href')).toBe('/players/alice01');

    const limited = within(rowOf('T20261123002'));
    expect(limited.getByRole('link', { name: 'bob02' }).getAttribute('href')).toBe('/players/bob02');
    expect(limited.getByText('限注')).toBeTruthy();
    expect(limited.getAllByTestId('player-tags').map((e) => e.textContent)).toEqual(['职业玩家对冲组']);
    expect(parlay.queryByTestId('player-tags')).toBeNull();
    // The stake asked, struck through, above the stake taken.
    expect(limited.getByTestId('asked-stake').querySelector('del')?.textContent).toBe('¥1,000.00');
    expect(limited.getByText('¥500.00')).toBeTruthy();
    expect(limited.getByText('赢')).toBeTruthy();
    expect(limited.queryByText('串关')).toBeNull();

    const single = within(rowOf('T20261123001'));
    expect(single.getByText('¥200.00')).toBeTruthy();
    expect(single.queryByTestId('asked-stake')).toBeNull();
    expect(single.getByText('已提前结算')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('filters by match, market type, player tag (a preset or one typed) and minimum stake (yuan sent in minor units)', async () => {
    logIn(sessionOf('risk'));
    bets = [
      betOf(3, { legs: [leg(12, 'Trump vs Selby', '独赢', 'Selby', 2.1)], stake: 80_000 }),
      betOf(2, { stake: 50_000 }),
      betOf(1),
    ];
    const api = fake();
    renderApp('/trading-ticker');
    await screen.findByText('T20261123003');

    await choose('赛事', 'Trump vs Selby · 11-23 18:00');
    await waitFor(() => expect(api.last(TICKER)!.body).toEqual({ matchId: 12 }));
    await waitFor(() => expect(betNos()).toEqual(['T20261123003']));

    await choose('玩法', '单局胜者');
    await waitFor(() => expect(api.last(TICKER)!.body).toEqual({ matchId: 12, marketType: 'frame_winner' }));

    await choose('玩家标签', '职业玩家');
    await waitFor(() =>
      expect(api.last(TICKER)!.body).toEqual({ matchId: 12, marketType: 'frame_winner', tag: 'sharp' }),
    );
    const tagBox = screen.getByRole('combobox', { name: '玩家标签' });
    fireEvent.mouseDown(tagBox);
    fireEvent.change(tagBox, { target: { value: '对冲组' } });
    fireEvent.click(await screen.findByText('自定义：对冲组', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(api.last(TICKER)!.body).toEqual({ matchId: 12, marketType: 'frame_winner', tag: '对冲组' }),
    );
    fireEvent.click(within(screen.getByTestId('ticker-filters')).getAllByLabelText('close-circle')[2]!);
    await waitFor(() => expect(api.last(TICKER)!.body).toEqual({ matchId: 12, marketType: 'frame_winner' }));

    const stake = screen.getByRole('spinbutton', { name: '最低投注' });
    fireEvent.change(stake, { target: { value: '500' } });
    fireEvent.keyDown(stake, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(api.last(TICKER)!.body).toEqual({ matchId: 12, marketType: 'frame_winner', minStake: 50_000 }),
    );

    // Cleared filters: every bet again, only the stake kept.
    fireEvent.click(within(screen.getByTestId('ticker-filters')).getAllByLabelText('close-circle')[0]!);
    fireEvent.click(within(screen.getByTestId('ticker-filters')).getAllByLabelText('close-circle')[0]!);
    await waitFor(() => expect(api.last(TICKER)!.body).toEqual({ minStake: 50_000 }));
    await waitFor(() => expect(betNos()).toEqual(['T20261123003', 'T20261123002']));
  });

  it('opened on a match (风险总览 links ?match=): that match chosen and only its bets asked for', async () => {
    logIn(sessionOf('risk'));
    bets = [betOf(3, { legs: [leg(12, 'Trump vs Selby', '独赢', 'Selby', 2.1)] }), betOf(1)];
    const api = fake();
    renderApp('/trading-ticker?match=12');
    await waitFor(() => expect(betNos()).toEqual(['T20261123003']));
    expect(api.calls.filter((c) => c.path === TICKER).map((c) => c.body)).toEqual([{ matchId: 12 }]);
    expect(within(screen.getByTestId('ticker-filters')).getByText('Trump vs Selby · 11-23 18:00')).toBeTruthy();
  });

  it('pages back with 加载更多: the next page is asked before the last bet shown', async () => {
    logIn(sessionOf('risk'));
    bets = Array.from({ length: 60 }, (_, i) => betOf(60 - i));
    const api = fake();
    renderApp('/trading-ticker');
    await screen.findByText('T202611230060');
    expect(screen.getByText('已显示 50 条')).toBeTruthy();
    expect(screen.queryByText('T202611230010')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(api.last(TICKER)!.body).toEqual({ beforeId: 11 }));
    expect(await screen.findByText('T202611230010')).toBeTruthy();
    expect(screen.getByText('已显示 60 条')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says 暂无注单 when none came, and shows a failed read with a retry', async () => {
    logIn(sessionOf('risk'));
    bets = [];
    let fail = true;
    const api = fake({
      [TICKER]: (body) => (fail ? { code: 500, msg: '服务器内部错误' } : tickerAnswer(body)),
    });
    renderApp('/trading-ticker');
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByText('暂无注单')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无注单')).toBeTruthy();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
    expect(api.count(TICKER)).toBeGreaterThanOrEqual(2);
  });

  it('shows a pushed bet at once, highlighted a moment; 暂停 holds the list until 继续', async () => {
    logIn(sessionOf('risk'));
    bets = [betOf(1)];
    const api = fake({ '/live/ticket': () => ({ data: { ticket: 't1' } }) });
    const sockets = fakeSockets();
    renderApp('/trading-ticker');
    await waitFor(() => expect(sockets.all()).toHaveLength(1));
    const socket = sockets.last()!;
    socket.open();
    await screen.findByText('T20261123001');
    await waitFor(() => expect(screen.getByTestId('ticker-note').textContent).toBe('新注单将自动出现在顶部'));
    expect(rowOf('T20261123001').className).not.toContain('ticker-fresh');

    bets = [betOf(2), ...bets];
    socket.push({ type: 'TRADING_CHANGED', matchId: 11 });
    expect(await screen.findByText('T20261123002')).toBeTruthy();
    expect(betNos()).toEqual(['T20261123002', 'T20261123001']);
    expect(rowOf('T20261123002').className).toContain('ticker-fresh');
    expect(rowOf('T20261123001').className).not.toContain('ticker-fresh');
    // The highlight fades after a few seconds.
    await waitFor(() => expect(rowOf('T20261123002').className).not.toContain('ticker-fresh'), { timeout: 8_000 });

    fireEvent.click(screen.getByRole('button', { name: /暂\s*停/ }));
    expect(screen.getByTestId('ticker-note').textContent).toBe('已暂停：列表不再更新');
    const read = api.count(TICKER);
    bets = [betOf(3), ...bets];
    socket.push({ type: 'TRADING_CHANGED', matchId: 11 });
    await act(() => new Promise((r) => setTimeout(r, 800)));
    expect(api.count(TICKER)).toBe(read);
    expect(screen.queryByText('T20261123003')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /继\s*续/ }));
    expect(await screen.findByText('T20261123003')).toBeTruthy();
    expect(betNos()).toEqual(['T20261123003', 'T20261123002', 'T20261123001']);
  });

  it('polls every 5 s while the live connection is down', async () => {
    logIn(sessionOf('risk'));
    bets = [betOf(1)];
    fake();
    renderApp('/trading-ticker');
    await screen.findByText('T20261123001');
    expect(screen.getByTestId('ticker-note').textContent).toBe('实时连接断开，每 5 秒刷新');
    bets = [betOf(2), ...bets];
    expect(await screen.findByText('T20261123002', undefined, { timeout: 8_000 })).toBeTruthy();
  });

  it('is not open to finance: no menu entry, no read', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      ...consoleFakes('finance', 'f'),
    });
    renderApp('/trading-ticker');
    expect(await screen.findByText('当前角色无权访问此页面')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /实时注单/ })).toBeNull();
    expect(api.count(TICKER)).toBe(0);
  });
});
