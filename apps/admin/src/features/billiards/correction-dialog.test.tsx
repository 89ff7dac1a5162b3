import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const PREVIEW = '/taiqiu/correction/preview';
const CREATE = '/taiqiu/correction/create';

const market = (id: number, type: string, name: string, picks: [string, string][], extra: object = {}) => ({
  id,
  type,
  name,
  status: 'closed',
  minStake: 1000,
  maxStake: 500000,
  selections: picks.map(([pick, n], i) => ({ id: id * 10 + i + 1, pick, name: n, odds: 1.85 + i / 10 })),
  ...extra,
});
const players: [string, string][] = [
  ['a', 'Ding'],
  ['b', 'Ronnie'],
];

const matchOf = (id: number, status: string, markets: ReturnType<typeof market>[]) => ({
  id,
  playerA: { name: 'Ding', avatar: '' },
  playerB: { name: id === 11 ? 'Ronnie' : 'Judd', avatar: '' },
  bestOf: 9,
  startAt: '2026-11-23T10:00:00Z',
  status,
  score: { a: 5, b: 3 },
  mainOdds: null,
  seedHash: null,
  frame: null,
  serverSeed: null,
  openBets: 0,
  liability: 0,
  acceptDelayMs: 0,
  cashoutOff: false,
  markets,
  marketSettings: [],
});

/** Ding beat Ronnie 5:3, every market decided; a match not started yet, nothing decided. */
const finished = matchOf(11, 'finished', [
  market(111, 'winner', '独赢', players),
  market(113, 'frame_winner', '第1局 胜者', players, { frame: 1 }),
  market(116, 'century', '单杆破百', [
    ['yes', '是'],
    ['no', '否'],
  ]),
]);
const upcoming = matchOf(12, 'scheduled', [{ ...market(121, 'winner', '独赢', players), status: 'open' }]);

/** Frame 1 given to Ronnie instead of Ding: two bets change, one player cannot pay back all. */
const previewOf = (needsSecond: boolean) => ({
  bets: 5,
  changed: 2,
  toPlayers: 37_000,
  fromPlayers: 18_500,
  debts: 6_000,
  debtors: 1,
  // One 串关 has a leg still to play: it waits (only with the second operator, below).
  waiting: needsSecond ? 1 : 0,
  needsSecond,
  markets: [
    {
      marketId: 113,
      marketName: '第1局 胜者',
      selections: [
        { selectionId: 1131, name: 'Ding', before: 'won', after: 'lost' },
        { selectionId: 1132, name: 'Ronnie', before: 'lost', after: 'won' },
      ],
    },
  ],
  lines: [
    {
      betNo: 'T202611230001',
      username: 'alice01',
      kind: 'single',
      stake: 10_000,
      before: { status: 'won', payout: 18_500 },
      after: { status: 'lost', payout: 0 },
      difference: -18_500,
      debt: 6_000,
    },
    {
      betNo: 'T202611230002',
      username: 'bob02',
      kind: 'parlay',
      stake: 10_000,
      before: { status: 'lost', payout: 0 },
      after: { status: 'won', payout: 37_000 },
      difference: 37_000,
      debt: 0,
    },
  ],
});

const correctionOf = (status: string, body: Record<string, unknown>) => {
  const { bets, changed, toPlayers, fromPlayers, debts, debtors, waiting, markets } = previewOf(status === 'pending');
  return {
    bets,
    changed,
    toPlayers,
    fromPlayers,
    debts,
    debtors,
    waiting,
    markets,
    id: 7,
    matchId: 11,
    matchName: 'Ding vs Ronnie',
    reason: body.reason as string,
    status,
    createdBy: 'risk01',
    createdAt: '2026-11-23T12:00:00Z',
    decidedBy: status === 'applied' ? 'risk01' : null,
    decidedAt: status === 'applied' ? '2026-11-23T12:00:00Z' : null,
    rejectReason: null,
  };
};

function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/taiqiu/matches': () => page([finished, upcoming]),
    [PREVIEW]: () => ({ data: previewOf(true) }),
    [CREATE]: (body) => ({ data: correctionOf('pending', body) }),
    ...handlers,
  });
}

/** The 更正结果 dialog of the finished match. */
async function openDialog() {
  const buttons = await screen.findAllByRole('button', { name: '更正结果' });
  fireEvent.click(buttons[0]!);
  return (await screen.findByText('更正结果 · Ding vs Ronnie')).closest('.ant-modal') as HTMLElement;
}

/** Chooses `outcome` (赢 / 输 / 作废) for the selection named `name` ("第1局 胜者 Ding"). */
function choose(dialog: HTMLElement, name: string, outcome: string) {
  fireEvent.click(within(within(dialog).getByRole('radiogroup', { name })).getByRole('radio', { name: outcome }));
}

/** Each figure of the preview as "label value". */
function figuresOf(figures: HTMLElement): string[] {
  const texts = (selector: string) => [...figures.querySelectorAll(selector)].map((el) => el.textContent);
  const values = texts('.ant-descriptions-item-content');
  return texts('.ant-descriptions-item-label').map((label, i) => `${label} ${values[i]}`);
}

const button = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('button', { name });

describe('更正结果', () => {
  it('lists the decided markets as the board groups them, each selection to choose 赢 / 输 / 作废', async () => {
    logIn(sessionOf('risk'));
    fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    const sections = within(dialog)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(sections).toEqual(['全场', '第1局', '单杆']);
    const frame = within(dialog).getByRole('region', { name: '第1局' });
    expect(within(frame).getByText('胜者')).toBeTruthy();
    const group = within(dialog).getByRole('radiogroup', { name: '单杆破百 是' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['赢', '输', '作废']);
    // Nothing chosen yet: nothing to preview.
    expect((button(dialog, /预\s*览/) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('link', { name: '本场更正记录' }).getAttribute('href')).toBe(
      '/trading-corrections?match=11',
    );
  });

  it('previews only the market chosen, with every selection; shows the figures, the second-operator warning and the bets; sends the reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    choose(dialog, '第1局 胜者 Ding', '输');
    choose(dialog, '第1局 胜者 Ronnie', '赢');
    expect(within(dialog).getByText('已选择 1 个盘口')).toBeTruthy();
    fireEvent.click(button(dialog, /预\s*览/));
    await waitFor(() => expect(api.count(PREVIEW)).toBe(1));
    expect(api.last(PREVIEW)!.body).toEqual({
      matchId: 11,
      markets: [
        {
          marketId: 113,
          results: [
            { selectionId: 1131, result: 'lost' },
            { selectionId: 1132, result: 'won' },
          ],
        },
      ],
    });

    const figures = await within(dialog).findByTestId('correction-figures');
    expect(figuresOf(figures)).toEqual([
      '注单数 5',
      '变动注单 2',
      '派给玩家 ¥370.00',
      '收回 ¥185.00',
      '其中欠款 ¥60.00 · 1 人',
    ]);
    expect(within(dialog).getByText(/需第二位操作员复核/)).toBeTruthy();
    expect(within(dialog).getByText(/1 张串关注单更正后仍有未赛的场次/)).toBeTruthy();
    const change = within(dialog).getByTestId('corrected-market-113');
    expect(change.textContent).toBe('第1局 胜者Ding赢→输Ronnie输→赢');
    const alice = within(dialog).getByText('T202611230001').closest('tr') as HTMLElement;
    expect(within(alice).getByRole('link', { name: 'alice01' }).getAttribute('href')).toBe('/players/alice01');
    expect(within(alice).getByText('-¥185.00')).toBeTruthy();
    expect(within(alice).getByText('¥60.00')).toBeTruthy();
    const bob = within(dialog).getByText('T202611230002').closest('tr') as HTMLElement;
    expect(within(bob).getByText('串关')).toBeTruthy();
    expect(within(bob).getByText('+¥370.00')).toBeTruthy();

    // The reason is required: nothing is sent without one.
    fireEvent.click(button(dialog, /确认更正/));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count(CREATE)).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('更正原因'), {
      target: { value: '裁判判罚更正，第1局由 Ronnie 获胜' },
    });
    fireEvent.click(button(dialog, /确认更正/));
    await waitFor(() => expect(api.count(CREATE)).toBe(1));
    expect(api.last(CREATE)!.body).toEqual({
      ...api.last(PREVIEW)!.body,
      reason: '裁判判罚更正，第1局由 Ronnie 获胜',
    });
    expect(await screen.findByText('已提交复核')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('更正结果 · Ding vs Ronnie')).toBeNull());
  });

  it('says 已更正 when the correction is applied at once, with no second-operator warning', async () => {
    logIn(sessionOf('risk'));
    const api = fake({
      [PREVIEW]: () => ({ data: previewOf(false) }),
      [CREATE]: (body) => ({ data: correctionOf('applied', body) }),
    });
    renderApp('/billiards');
    const dialog = await openDialog();
    choose(dialog, '第1局 胜者 Ding', '输');
    choose(dialog, '第1局 胜者 Ronnie', '赢');
    fireEvent.click(button(dialog, /预\s*览/));
    await within(dialog).findByTestId('correction-figures');
    expect(within(dialog).queryByText(/需第二位操作员复核/)).toBeNull();
    expect(within(dialog).queryByText(/串关注单更正后仍有未赛的场次/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('更正原因'), { target: { value: '数据源错误' } });
    fireEvent.click(button(dialog, /确认更正/));
    await waitFor(() => expect(api.count(CREATE)).toBe(1));
    expect(await screen.findByText('已更正')).toBeTruthy();
  });

  it('asks for every selection of a market chosen, and a market cleared is not sent', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    choose(dialog, '独赢 Ding', '作废');
    choose(dialog, '单杆破百 是', '赢');
    fireEvent.click(button(dialog, /预\s*览/));
    const card = within(dialog).getByTestId('correct-market-111');
    expect(await within(card).findByText('请为该盘口的每个选项选择结果')).toBeTruthy();
    expect(
      within(within(dialog).getByTestId('correct-market-116')).getByText('请为该盘口的每个选项选择结果'),
    ).toBeTruthy();
    expect(api.count(PREVIEW)).toBe(0);

    choose(dialog, '独赢 Ronnie', '作废');
    expect(within(card).queryByText('请为该盘口的每个选项选择结果')).toBeNull();
    fireEvent.click(within(within(dialog).getByTestId('correct-market-116')).getByRole('button', { name: '清除' }));
    expect(within(dialog).getByText('已选择 1 个盘口')).toBeTruthy();
    fireEvent.click(button(dialog, /预\s*览/));
    await waitFor(() => expect(api.count(PREVIEW)).toBe(1));
    expect(api.last(PREVIEW)!.body).toEqual({
      matchId: 11,
      markets: [
        {
          marketId: 111,
          results: [
            { selectionId: 1111, result: 'void' },
            { selectionId: 1112, result: 'void' },
          ],
        },
      ],
    });
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    logIn(sessionOf('risk'));
    const api = fake({ [CREATE]: () => ({ code: 409, msg: '该盘口已有待复核的更正' }) });
    renderApp('/billiards');
    const dialog = await openDialog();
    choose(dialog, '第1局 胜者 Ding', '输');
    choose(dialog, '第1局 胜者 Ronnie', '赢');
    fireEvent.click(button(dialog, /预\s*览/));
    await within(dialog).findByTestId('correction-figures');
    fireEvent.change(within(dialog).getByLabelText('更正原因'), { target: { value: '裁判判罚更正' } });
    fireEvent.click(button(dialog, /确认更正/));
    await waitFor(() => expect(api.count(CREATE)).toBe(1));
    expect(await within(dialog).findByText('该盘口已有待复核的更正')).toBeTruthy();
    expect(within(dialog).getByLabelText('更正原因')).toBeTruthy();

    // Back to the choices: they are as they were.
    fireEvent.click(button(dialog, /返回修改/));
    const ding = within(dialog).getByRole('radiogroup', { name: '第1局 胜者 Ding' });
    expect((within(ding).getByRole('radio', { name: '输' }) as HTMLInputElement).checked).toBe(true);
  });

  it('is disabled for a match with no decided market, its tooltip saying why', async () => {
    logIn(sessionOf('risk'));
    fake();
    renderApp('/billiards');
    const buttons = await screen.findAllByRole('button', { name: '更正结果' });
    expect(buttons.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true]);
    fireEvent.mouseEnter(screen.getByTestId('correct-off-12'));
    expect(await screen.findByText('本场暂无已结算的盘口')).toBeTruthy();
  });

  it('starts from each selection’s outcome now: nothing to preview until one changes; then only that market is sent', async () => {
    logIn(sessionOf('risk'));
    const decided = (m: ReturnType<typeof market>, won: number) => ({
      ...m,
      selections: m.selections.map((sel, i) => ({ ...sel, result: i === won ? 'won' : 'lost' })),
    });
    const api = fake({
      '/taiqiu/matches': () =>
        page([
          matchOf(11, 'finished', [
            decided(market(111, 'winner', '独赢', players), 0),
            decided(market(113, 'frame_winner', '第1局 胜者', players, { frame: 1 }), 0),
          ]),
        ]),
    });
    renderApp('/billiards');
    const dialog = await openDialog();
    const checked = (name: string) =>
      within(within(dialog).getByRole('radiogroup', { name }))
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked)
        .map((r) => r.closest('label')?.textContent);
    expect(checked('独赢 Ding')).toEqual(['赢']);
    expect(checked('第1局 胜者 Ronnie')).toEqual(['输']);
    expect((button(dialog, /预\s*览/) as HTMLButtonElement).disabled).toBe(true);

    choose(dialog, '第1局 胜者 Ding', '输');
    choose(dialog, '第1局 胜者 Ronnie', '赢');
    fireEvent.click(button(dialog, /预\s*览/));
    await waitFor(() => expect(api.count(PREVIEW)).toBe(1));
    expect(api.last(PREVIEW)!.body).toEqual({
      matchId: 11,
      markets: [
        {
          marketId: 113,
          results: [
            { selectionId: 1131, result: 'lost' },
            { selectionId: 1132, result: 'won' },
          ],
        },
      ],
    });
  });
});
