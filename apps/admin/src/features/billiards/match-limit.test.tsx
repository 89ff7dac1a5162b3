import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { taiqiu } from '@breakshot/contracts';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const DEFAULT_LIMIT: Partial<Record<string, number>> = { winner: 5_000_000, handicap: 5_000_000 };

/** 独赢 with its own ¥30,000 (the book's ¥50,000), 让局 at the book's ¥50,000, the others without a limit. */
const settingsOf = (own: Record<string, number>) =>
  taiqiu.marketTypes.map((type) => ({
    type,
    off: false,
    marginBp: 500,
    defaultMarginBp: 500,
    liabilityLimit: own[type] ?? DEFAULT_LIMIT[type] ?? null,
    defaultLiabilityLimit: DEFAULT_LIMIT[type] ?? null,
  }));

let own: Record<string, number> = {};

const matchOf = () => ({
  id: 11,
  playerA: { name: 'Ding', avatar: '' },
  playerB: { name: 'Ronnie', avatar: '' },
  bestOf: 9,
  startAt: '2026-11-23T10:00:00Z',
  status: 'scheduled',
  score: { a: 0, b: 0 },
  frame: null,
  mainOdds: null,
  seedHash: null,
  serverSeed: null,
  openBets: 0,
  liability: 0,
  acceptDelayMs: 0,
  cashoutOff: false,
  markets: [],
  marketSettings: settingsOf(own),
});

/** The console on the billiards page, with a server that keeps the match's own limits. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  own = { winner: 3_000_000 };
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/taiqiu/matches': () => page([matchOf()]),
    '/taiqiu/match/limit': (body) => {
      const { [body.type as string]: _was, ...kept } = own;
      own = body.liabilityLimit === null ? kept : { ...kept, [body.type as string]: body.liabilityLimit as number };
      return { data: { id: 11, marketSettings: settingsOf(own) } };
    },
    ...handlers,
  });
}

/** Opens 盘口设置 of the match: the row of a market type. */
async function settingsRow(type: string) {
  fireEvent.click(await screen.findByRole('button', { name: /盘口设置/ }));
  return screen.findByTestId(`market-setting-${type}`);
}

async function dialogTitled(title: string) {
  return (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;
}

/** The 保存 beside the limit (the margin has its own). */
const saveLimit = (input: HTMLElement) =>
  fireEvent.click(within(input.closest('td')!).getByRole('button', { name: /保\s*存/ }));
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确认修改/ });
const limitInput = (row: HTMLElement, type: string) =>
  within(row).getByLabelText(`${type} 赔付上限`) as HTMLInputElement;

describe('赔付上限 of a match', () => {
  it("shows each type's limit, whether it is the match's own or the default, and the default beside its own", async () => {
    logIn(sessionOf('risk'));
    fake();
    renderApp('/billiards');
    const winner = await settingsRow('winner');
    expect(limitInput(winner, '独赢').value).toBe('30000.00');
    expect(within(winner).getByTestId('limit-source-winner').textContent).toBe('本场');
    expect(within(winner).getByText('默认 ¥50,000.00')).toBeTruthy();

    const handicap = screen.getByTestId('market-setting-handicap');
    expect(limitInput(handicap, '让局').value).toBe('50000.00');
    expect(within(handicap).getByTestId('limit-source-handicap').textContent).toBe('默认');
    expect(within(handicap).queryByText('恢复默认')).toBeNull();

    const century = screen.getByTestId('market-setting-century');
    expect(limitInput(century, '单杆破百').value).toBe('');
    expect(limitInput(century, '单杆破百').placeholder).toBe('不限');
  });

  it("sets the match's own limit in minor units, confirmed with a required reason", async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const row = await settingsRow('handicap');
    const input = limitInput(row, '让局');
    fireEvent.change(input, { target: { value: '80000' } });
    fireEvent.blur(input);
    saveLimit(input);
    const dialog = await dialogTitled('修改「让局」赔付上限');
    expect(within(dialog).getByText('¥50,000.00 → ¥80,000.00')).toBeTruthy();

    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/taiqiu/match/limit')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '热门场次放宽' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/limit')).toBe(1));
    expect(api.last('/taiqiu/match/limit')!.body).toEqual({
      matchId: 11,
      type: 'handicap',
      liabilityLimit: 8_000_000,
      reason: '热门场次放宽',
    });
    expect(await screen.findByText('「让局」赔付上限已改为 ¥80,000.00')).toBeTruthy();
    await waitFor(() => expect(within(row).getByTestId('limit-source-handicap').textContent).toBe('本场'));
    expect(limitInput(row, '让局').value).toBe('80000.00');
  });

  it('goes back to the default: sends null, then the row shows the default', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const row = await settingsRow('winner');
    fireEvent.click(within(row).getByText('恢复默认'));
    const dialog = await dialogTitled('「独赢」赔付上限恢复默认');
    expect(within(dialog).getByText('¥30,000.00 → 默认（¥50,000.00）')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '赛事降温' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/limit')).toBe(1));
    expect(api.last('/taiqiu/match/limit')!.body).toEqual({
      matchId: 11,
      type: 'winner',
      liabilityLimit: null,
      reason: '赛事降温',
    });
    expect(await screen.findByText('「独赢」赔付上限已恢复默认')).toBeTruthy();
    await waitFor(() => expect(within(row).getByTestId('limit-source-winner').textContent).toBe('默认'));
    expect(limitInput(row, '独赢').value).toBe('50000.00');
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/taiqiu/match/limit': () => ({ code: 409, msg: '赛事已结束' }) });
    renderApp('/billiards');
    const row = await settingsRow('century');
    const input = limitInput(row, '单杆破百');
    fireEvent.change(input, { target: { value: '1000' } });
    fireEvent.blur(input);
    saveLimit(input);
    const dialog = await dialogTitled('修改「单杆破百」赔付上限');
    expect(within(dialog).getByText('不限 → ¥1,000.00')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '测试' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(api.count('/taiqiu/match/limit')).toBe(1));
    expect(await within(dialog).findByText('赛事已结束')).toBeTruthy();
    expect(within(dialog).getByLabelText('原因')).toBeTruthy();
  });
});
