import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const market = (id: number, type: string, name: string, picks: [string, string][], extra: object = {}) => ({
  id,
  type,
  name,
  status: 'open',
  minStake: 1000,
  maxStake: 500000,
  selections: picks.map(([pick, n], i) => ({ id: id * 10 + i + 1, pick, name: n, odds: 1.85 + i / 10 })),
  ...extra,
});

const defaults: Record<string, number> = {
  winner: 500,
  handicap: 600,
  total: 600,
  oddeven: 600,
  correct_score: 1500,
  race_to: 600,
  frame_winner: 600,
  frame_points: 700,
  frame_fifty: 800,
  century: 800,
  high_break: 800,
};

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
    seedHash: 'ab'.repeat(32),
    frame: { number: 6, points: { a: 40, b: 12 }, atTable: 'a', break: 27, onTable: 95 },
    serverSeed: null,
    openBets: 42,
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
      market(112, 'correct_score', '波胆', [
        ['5:2', '5:2'],
        ['5:3', '5:3'],
        ['3:5', '3:5'],
      ]),
      market(
        113,
        'frame_winner',
        '第1局 胜者',
        [
          ['a', 'Ding'],
          ['b', 'Ronnie'],
        ],
        { frame: 1, status: 'closed' },
      ),
      market(
        114,
        'frame_winner',
        '第6局 胜者',
        [
          ['a', 'Ding'],
          ['b', 'Ronnie'],
        ],
        { frame: 6 },
      ),
      market(
        115,
        'frame_points',
        '第6局 总分',
        [
          ['over', '大 110.5'],
          ['under', '小 110.5'],
        ],
        { frame: 6, line: 110.5 },
      ),
      market(116, 'century', '单杆破百', [
        ['yes', '是'],
        ['no', '否'],
      ]),
    ],
    marketSettings: Object.entries(defaults).map(([type, bp]) => ({
      type,
      off: false,
      marginBp: bp,
      defaultMarginBp: bp,
      liabilityLimit: null,
      defaultLiabilityLimit: null,
    })),
  };
}

let match = matchOf();

/** The match's liability: Ding's win costs the book ¥1,234 on 独赢; every other market holds no bet. */
function liabilityOf() {
  const quiet = (marketId: number, ids: number[]) => ({
    marketId,
    stake: 0,
    worst: 0,
    selections: ids.map((selectionId) => ({ selectionId, bets: 0, stake: 0, payout: 0, net: 0 })),
  });
  return {
    matchId: 11,
    worst: 123_400,
    markets: [
      {
        marketId: 111,
        stake: 300_000,
        worst: 123_400,
        selections: [
          { selectionId: 1101, bets: 3, stake: 200_000, payout: 423_400, net: 123_400 },
          { selectionId: 1102, bets: 1, stake: 100_000, payout: 195_000, net: -105_000 },
        ],
      },
      quiet(114, [1141, 1142]),
    ],
    at: '2026-11-23T11:00:00Z',
  };
}

function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  match = matchOf();
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/taiqiu/matches': () => page([match]),
    '/taiqiu/match/liability': () => ({ data: liabilityOf() }),
    '/taiqiu/odds/set': () => ({ data: match.markets[0] }),
    '/taiqiu/market/suspend': () => ({ data: { id: 111, status: 'suspended' } }),
    '/taiqiu/match/result': () => ({
      data: { id: 11, status: 'finished', settledBets: 42, at: '2026-11-23T12:00:00Z' },
    }),
    // The server keeps the setting: the refreshed list shows it.
    '/taiqiu/match/markets': (body) => {
      match = {
        ...match,
        marketSettings: match.marketSettings.map((s) =>
          s.type === body.type ? { ...s, off: body.off as boolean, marginBp: body.marginBp as number } : s,
        ),
      };
      return { data: { id: 11, marketSettings: match.marketSettings } };
    },
    '/taiqiu/match/delay': (body) => {
      match = { ...match, acceptDelayMs: body.delayMs as number };
      return { data: { id: 11, acceptDelayMs: match.acceptDelayMs } };
    },
    '/taiqiu/match/cashout': (body) => {
      match = { ...match, cashoutOff: body.off as boolean };
      return { data: { id: 11, cashoutOff: match.cashoutOff } };
    },
    ...handlers,
  });
}

/** Opens 盘口设置 of the match: the row of a market type in the panel. */
async function settingsRow(type: string) {
  await screen.findByText('3 : 2');
  fireEvent.click(screen.getByRole('button', { name: /盘口设置/ }));
  return screen.findByTestId(`market-setting-${type}`);
}

/** Opens 盘口设置 of the match: its 滚球确认延时 row on top. */
async function delayRow() {
  await screen.findByText('3 : 2');
  fireEvent.click(screen.getByRole('button', { name: /盘口设置/ }));
  return screen.findByTestId('accept-delay');
}

/** Opens 盘口设置 of the match: its 提前结算 row under the delay. */
async function cashoutRow() {
  await screen.findByText('3 : 2');
  fireEvent.click(screen.getByRole('button', { name: /盘口设置/ }));
  return screen.findByTestId('cashout-switch');
}

/** Types `seconds` into the delay row. */
function typeDelay(row: HTMLElement, seconds: string) {
  const input = within(row).getByLabelText('滚球确认延时（秒）');
  fireEvent.change(input, { target: { value: seconds } });
  fireEvent.blur(input);
}

/** The confirmation dialog titled `title`. */
async function dialogTitled(title: string) {
  return (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;
}

const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确认修改/ });

describe('billiards', () => {
  it("shows the book's liability: the match's worst case in the list, each market's and each selection's on the board", async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    await screen.findByText('3 : 2');
    const row = screen.getByText('3 : 2').closest('tr')!;
    expect(within(row).getByText('¥1,234.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    const card = await screen.findByTestId('market-111');
    const foot = await within(card).findByText(/本盘注额/);
    expect(foot.textContent).toBe('本盘注额 ¥3,000.00 · 最差 ¥1,234.00');
    expect(within(card).getByTestId('exposure-1101').textContent).toBe('3 笔 · ¥1,234.00');
    expect(within(card).getByTestId('exposure-1102').textContent).toBe('1 笔 · -¥1,050.00');
    // A market holding no bet, or one the liability does not name (closed, picks all decided): no figures.
    for (const id of [114, 116]) {
      expect(within(screen.getByTestId(`market-${id}`)).queryByText(/最差/)).toBeNull();
      expect(within(screen.getByTestId(`market-${id}`)).queryAllByTestId(/^exposure-/)).toHaveLength(0);
    }
    expect(screen.getByTestId('liability-summary').textContent).toBe('最大赔付风险：¥1,234.00');
    expect(api.last('/taiqiu/match/liability')!.body).toEqual({ matchId: 11 });
  });

  it('sets the odds of a selection and suspends a market', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    await screen.findByText('3 : 2');
    expect(screen.getByRole('link', { name: '事件' }).getAttribute('href')).toBe('/feed?match=11');
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    const card = await screen.findByTestId('market-111');
    const odds = within(card).getByLabelText('Ding odds');
    fireEvent.change(odds, { target: { value: '1.9' } });
    fireEvent.blur(odds);
    fireEvent.click(within(card).getAllByRole('button', { name: /保\s*存/ })[0]!);
    await waitFor(() => expect(api.count('/taiqiu/odds/set')).toBe(1));
    expect(api.last('/taiqiu/odds/set')!.body).toEqual({ selectionId: 1101, odds: 1.9 });

    fireEvent.click(within(card).getByRole('button', { name: /暂\s*停/ }));
    await waitFor(() => expect(api.last('/taiqiu/market/suspend')?.body).toEqual({ marketId: 111 }));
  });

  it('enters the result: the final score settles the open bets', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    await screen.findByText('3 : 2');
    fireEvent.click(screen.getByRole('button', { name: /操作/ }));
    fireEvent.click(await screen.findByText('录入赛果'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Ding'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.count('/taiqiu/match/result')).toBe(1));
    expect(api.last('/taiqiu/match/result')!.body).toEqual({ matchId: 11, a: 5, b: 2 });
    expect(await screen.findByText('已结算 42 张注单')).toBeTruthy();
  });

  it('groups the markets: the match, the frame in play, the breaks; past frames folded', async () => {
    logIn(sessionOf('risk'));
    fake();
    renderApp('/billiards');
    await screen.findByText('3 : 2');
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    const board = await screen.findByTestId('markets-of-11');
    const lanes = within(board)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(lanes).toEqual(['全场', '第6局', '单杆']);
    const frame = within(board).getByRole('region', { name: '第6局' });
    expect(within(frame).getByText('进行中')).toBeTruthy();
    expect(within(frame).getByText('本局 40 : 12')).toBeTruthy();
    expect(within(frame).getByTestId('market-114')).toBeTruthy();
    // Correct score: a's wins beside b's.
    expect(within(within(board).getByTestId('market-112')).getByText('Ronnie 胜')).toBeTruthy();
    // Frame 1 is over: folded, its market shown once opened.
    expect(within(board).queryByTestId('market-113')).toBeNull();
    fireEvent.click(within(board).getByText('第1局 · 已结束 · 1 个盘口已关闭'));
    expect((await within(board).findByTestId('market-113')).getAttribute('data-status')).toBe('closed');
  });

  it('switches a market type off for players: confirmed with a reason, then the row refreshes', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const row = await settingsRow('correct_score');
    expect(within(row).getByText('默认 15.00%')).toBeTruthy();
    fireEvent.click(within(row).getByRole('switch', { name: '波胆 对玩家开放' }));
    const dialog = await dialogTitled('对玩家关闭「波胆」');
    expect(within(dialog).getByText(/已下注单照常结算/)).toBeTruthy();

    // The reason is required: nothing is sent without one.
    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/taiqiu/match/markets')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '临时关闭波胆' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/markets')).toBe(1));
    expect(api.last('/taiqiu/match/markets')!.body).toEqual({
      matchId: 11,
      type: 'correct_score',
      off: true,
      marginBp: 1500,
      reason: '临时关闭波胆',
    });
    expect(await screen.findByText('已对玩家关闭「波胆」')).toBeTruthy();
    await waitFor(() => expect(api.count('/taiqiu/matches')).toBeGreaterThan(1));
    await waitFor(() => expect(within(row).getByRole('switch').getAttribute('aria-checked')).toBe('false'));
  });

  it('sets a margin typed in percent: sent in basis points with the reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const row = await settingsRow('winner');
    const margin = within(row).getByLabelText('独赢 抽水');
    fireEvent.change(margin, { target: { value: '7.5' } });
    fireEvent.blur(margin);
    fireEvent.click(within(margin.closest('td')!).getByRole('button', { name: /保\s*存/ }));
    const dialog = await dialogTitled('修改「独赢」抽水');
    expect(within(dialog).getByText('5.00% → 7.50%')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '热门场次' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/markets')).toBe(1));
    expect(api.last('/taiqiu/match/markets')!.body).toEqual({
      matchId: 11,
      type: 'winner',
      off: false,
      marginBp: 750,
      reason: '热门场次',
    });
    expect(await screen.findByText('「独赢」抽水已改为 7.50%')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('已调整')).toBeTruthy());
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/taiqiu/match/markets': () => ({ code: 409, msg: '赛事已结束' }) });
    renderApp('/billiards');
    const row = await settingsRow('century');
    fireEvent.click(within(row).getByRole('switch'));
    const dialog = await dialogTitled('对玩家关闭「单杆破百」');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '数据源异常' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/markets')).toBe(1));
    expect(await within(dialog).findByText('赛事已结束')).toBeTruthy();
    expect(within(dialog).getByLabelText('原因')).toBeTruthy();
  });

  it('sets the in-play acceptance delay typed in seconds: sent in ms with a required reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    // The summary line of the markets shows it compactly.
    await screen.findByText('3 : 2');
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    expect((await screen.findByTestId('delay-summary')).textContent).toContain('滚球即时接受');

    const row = await delayRow();
    expect(within(row).getByTestId('accept-delay-now').textContent).toBe('即时接受');
    typeDelay(row, '5');
    fireEvent.click(within(row).getByRole('button', { name: /保\s*存/ }));
    const dialog = await dialogTitled('修改滚球确认延时');
    expect(within(dialog).getByText('即时接受 → 5.0 秒')).toBeTruthy();

    // The reason is required: nothing is sent without one.
    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/taiqiu/match/delay')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '直播信号延迟' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/delay')).toBe(1));
    expect(api.last('/taiqiu/match/delay')!.body).toEqual({ matchId: 11, delayMs: 5000, reason: '直播信号延迟' });
    expect(await screen.findByText('滚球确认延时已改为 5.0 秒')).toBeTruthy();
    await waitFor(() => expect(api.count('/taiqiu/matches')).toBeGreaterThan(1));
    await waitFor(() => expect(within(row).getByTestId('accept-delay-now').textContent).toBe('5.0 秒'));
    await waitFor(() => expect(screen.getByTestId('delay-summary').textContent).toContain('滚球延时 5.0 秒'));
  });

  it('refuses a delay over 30 s before sending it', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const row = await delayRow();
    typeDelay(row, '31');
    expect(within(row).getByRole('alert').textContent).toBe('超出上限：最长 30 秒');
    const save = within(row).getByRole('button', { name: /保\s*存/ });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(save);
    fireEvent.keyDown(within(row).getByLabelText('滚球确认延时（秒）'), { key: 'Enter', code: 'Enter' });
    expect(screen.queryByText('修改滚球确认延时')).toBeNull();
    expect(api.count('/taiqiu/match/delay')).toBe(0);

    // 30 s is the most it takes.
    typeDelay(row, '30');
    expect(within(row).queryByRole('alert')).toBeNull();
    fireEvent.click(save);
    const dialog = await dialogTitled('修改滚球确认延时');
    expect(within(dialog).getByText('即时接受 → 30.0 秒')).toBeTruthy();
  });

  it("shows the server's refusal of a delay in the dialog, which stays open", async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/taiqiu/match/delay': () => ({ code: 409, msg: '赛事已结束' }) });
    renderApp('/billiards');
    const row = await delayRow();
    typeDelay(row, '2.5');
    fireEvent.click(within(row).getByRole('button', { name: /保\s*存/ }));
    const dialog = await dialogTitled('修改滚球确认延时');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '测试' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/delay')).toBe(1));
    expect(api.last('/taiqiu/match/delay')!.body).toMatchObject({ delayMs: 2500 });
    expect(await within(dialog).findByText('赛事已结束')).toBeTruthy();
    expect(within(dialog).getByLabelText('原因')).toBeTruthy();
  });

  it('switches cash-out off for the match: off=true with a required reason, then the row refreshes', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    // The summary line of the markets shows it.
    await screen.findByText('3 : 2');
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    expect((await screen.findByTestId('cashout-summary')).textContent).toContain('提前结算：开');

    const row = await cashoutRow();
    expect(within(row).getByTestId('cashout-now').textContent).toBe('提前结算：开');
    const toggle = within(row).getByRole('switch', { name: '提前结算开关' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    const dialog = await dialogTitled('关闭本场提前结算');
    expect(within(dialog).getByText('Ding vs Ronnie')).toBeTruthy();
    expect(within(dialog).getByText(/已完成的提前结算不受影响/)).toBeTruthy();

    // The reason is required: nothing is sent without one.
    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/taiqiu/match/cashout')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '比赛数据异常' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/cashout')).toBe(1));
    expect(api.last('/taiqiu/match/cashout')!.body).toEqual({ matchId: 11, off: true, reason: '比赛数据异常' });
    expect(await screen.findByText('已关闭本场提前结算')).toBeTruthy();
    await waitFor(() => expect(api.count('/taiqiu/matches')).toBeGreaterThan(1));
    await waitFor(() => expect(within(row).getByTestId('cashout-now').textContent).toBe('提前结算：关'));
    expect(within(row).getByRole('switch', { name: '提前结算开关' }).getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(screen.getByTestId('cashout-summary').textContent).toContain('提前结算：关'));
  });

  it('switches cash-out on again with off=false, and shows a refusal in the dialog', async () => {
    logIn(sessionOf('risk'));
    let refuse = true;
    const api = fake({
      '/taiqiu/match/cashout': (body) => {
        if (refuse) return { code: 409, msg: '赛事已结束' };
        match = { ...match, cashoutOff: body.off as boolean };
        return { data: { id: 11, cashoutOff: match.cashoutOff } };
      },
    });
    match = { ...match, cashoutOff: true };
    renderApp('/billiards');
    const row = await cashoutRow();
    expect(within(row).getByTestId('cashout-now').textContent).toBe('提前结算：关');
    fireEvent.click(within(row).getByRole('switch', { name: '提前结算开关' }));
    const dialog = await dialogTitled('开启本场提前结算');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '数据恢复' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/cashout')).toBe(1));
    expect(await within(dialog).findByText('赛事已结束')).toBeTruthy();
    expect(within(dialog).getByLabelText('原因')).toBeTruthy();

    refuse = false;
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/cashout')).toBe(2));
    expect(api.last('/taiqiu/match/cashout')!.body).toEqual({ matchId: 11, off: false, reason: '数据恢复' });
    expect(await screen.findByText('已开启本场提前结算')).toBeTruthy();
    await waitFor(() => expect(within(row).getByTestId('cashout-now').textContent).toBe('提前结算：开'));
  });
});
