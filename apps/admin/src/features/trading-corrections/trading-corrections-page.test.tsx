import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const LIST = '/taiqiu/corrections';
const BETS = '/taiqiu/correction/bets';
const APPROVE = '/taiqiu/correction/approve';
const REJECT = '/taiqiu/correction/reject';

/** A correction of Ding vs Ronnie: frame 1 given to Ronnie instead of Ding. */
const correctionOf = (id: number, extra: object = {}) => ({
  id,
  matchId: 11,
  matchName: 'Ding vs Ronnie',
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
  reason: '裁判判罚更正',
  status: 'pending',
  bets: 5,
  changed: 2,
  toPlayers: 3_700_000,
  fromPlayers: 1_850_000,
  debts: 600_000,
  debtors: 1,
  waiting: 0,
  createdBy: 'risk02',
  createdAt: `2026-11-23T12:0${id}:00Z`,
  decidedBy: null as string | null,
  decidedAt: null as string | null,
  rejectReason: null as string | null,
  ...extra,
});

type Correction = ReturnType<typeof correctionOf>;
let corrections: Correction[] = [];

const line = {
  betNo: 'T202611230001',
  username: 'alice01',
  kind: 'single',
  stake: 10_000,
  before: { status: 'won', payout: 18_500 },
  after: { status: 'lost', payout: 0 },
  difference: -18_500,
  debt: 6_000,
};

/** The console as risk01, with a server that keeps the corrections (newest first) and their decisions. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  corrections = [
    correctionOf(9),
    correctionOf(8, { createdBy: 'risk01', matchId: 12, matchName: 'Judd vs Higgins' }),
    correctionOf(7, {
      status: 'applied',
      decidedBy: 'risk02',
      decidedAt: '2026-11-23T12:30:00Z',
      debts: 0,
      waiting: 2,
    }),
    correctionOf(6, {
      status: 'rejected',
      decidedBy: 'admin01',
      decidedAt: '2026-11-23T12:40:00Z',
      rejectReason: '证据不足',
    }),
  ];
  const decide = (id: unknown, change: Partial<Correction>) => {
    corrections = corrections.map((c) =>
      c.id === id ? { ...c, ...change, decidedBy: 'risk01', decidedAt: '2026-11-23T13:00:00Z' } : c,
    );
    return { data: corrections.find((c) => c.id === id)! };
  };
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    [LIST]: (body) =>
      page(
        corrections.filter(
          (c) => (!body.status || c.status === body.status) && (!body.matchId || c.matchId === body.matchId),
        ),
      ),
    [BETS]: () => page([line], 12, 1, 10),
    [APPROVE]: (body) => decide(body.id, { status: 'applied' }),
    [REJECT]: (body) => decide(body.id, { status: 'rejected', rejectReason: body.reason as string }),
    ...handlers,
  });
}

/** The id in a row of the log (its first cell unfolds it), if it is one. */
const idOf = (row: HTMLElement) => row.querySelectorAll(':scope > td')[1]?.textContent;

/** The row of correction `id`. */
const rowOf = (id: number) => screen.getAllByRole('row').find((r) => idOf(r) === String(id)) as HTMLElement;

describe('结果更正', () => {
  it('lists the corrections newest first: match, markets changed, reason, status, money, who and when', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-corrections');
    await screen.findAllByText('裁判判罚更正');
    expect(api.last(LIST)!.body).toEqual({ page: 1, pageSize: 20 });
    const ids = screen
      .getAllByRole('row')
      .map(idOf)
      .filter((id) => id && /^\d+$/.test(id));
    expect(ids).toEqual(['9', '8', '7', '6']);

    const pending = within(rowOf(9));
    expect(pending.getByRole('link', { name: 'Ding vs Ronnie' }).getAttribute('href')).toBe('/trading-ticker?match=11');
    expect(pending.getByTestId('corrected-market-113').textContent).toBe('第1局 胜者Ding赢→输Ronnie输→赢');
    expect(pending.getByText('待复核')).toBeTruthy();
    expect(pending.getByText('¥37,000.00')).toBeTruthy();
    expect(pending.getByText('¥18,500.00')).toBeTruthy();
    expect(pending.getByText('¥6,000.00')).toBeTruthy();
    expect(pending.getByText('1 人')).toBeTruthy();
    expect(pending.getByText('risk02')).toBeTruthy();
    expect(pending.getByText('2026-11-23 20:09:00')).toBeTruthy();
    expect(pending.getByRole('button', { name: '复核通过' })).toBeTruthy();
    expect(pending.getByRole('button', { name: /驳\s*回/ })).toBeTruthy();

    const applied = within(rowOf(7));
    expect(applied.getByText('已更正')).toBeTruthy();
    expect(applied.getByText('2026-11-23 20:30:00')).toBeTruthy();
    expect(applied.getByText('2 张串关待重算')).toBeTruthy();
    expect(pending.queryByText(/串关待重算/)).toBeNull();
    expect(applied.queryByRole('button', { name: /复核通过|驳\s*回/ })).toBeNull();
    const rejected = within(rowOf(6));
    expect(rejected.getByText('已驳回')).toBeTruthy();
    expect(rejected.getByText('驳回原因：证据不足')).toBeTruthy();
    expect(rejected.getByText('admin01')).toBeTruthy();
  });

  it('approves a pending correction after the confirmation: it becomes 已更正', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-corrections');
    await screen.findAllByText('裁判判罚更正');
    fireEvent.click(within(rowOf(9)).getByRole('button', { name: '复核通过' }));
    expect(await screen.findByText('复核通过更正 #9？')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.count(APPROVE)).toBe(1));
    expect(api.last(APPROVE)!.body).toEqual({ id: 9 });
    expect(await screen.findByText('已复核通过，更正已执行')).toBeTruthy();
    await waitFor(() => expect(within(rowOf(9)).getByText('已更正')).toBeTruthy());
    expect(within(rowOf(9)).queryByRole('button', { name: /复核通过|驳\s*回/ })).toBeNull();
  });

  it("hides 复核通过 from the operator who made the correction; the server's refusal shows otherwise", async () => {
    logIn(sessionOf('risk'));
    const api = fake({ [APPROVE]: () => ({ code: 409, msg: '不能复核自己提交的更正' }) });
    renderApp('/trading-corrections');
    await screen.findAllByText('裁判判罚更正');
    const own = within(rowOf(8));
    expect(own.queryByRole('button', { name: '复核通过' })).toBeNull();
    expect(own.getByText('需其他操作员复核')).toBeTruthy();
    expect(own.getByRole('button', { name: /驳\s*回/ })).toBeTruthy();

    // Another operator's: the server may still refuse it.
    fireEvent.click(within(rowOf(9)).getByRole('button', { name: '复核通过' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('不能复核自己提交的更正')).toBeTruthy();
    expect(api.last(APPROVE)!.body).toEqual({ id: 9 });
  });

  it('rejects with the required reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-corrections');
    await screen.findAllByText('裁判判罚更正');
    fireEvent.click(within(rowOf(8)).getByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findByText('驳回更正 #8')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(api.count(REJECT)).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '录入错误，原结果正确' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.count(REJECT)).toBe(1));
    expect(api.last(REJECT)!.body).toEqual({ id: 8, reason: '录入错误，原结果正确' });
    expect(await screen.findByText('已驳回该更正')).toBeTruthy();
    await waitFor(() => expect(within(rowOf(8)).getByText('驳回原因：录入错误，原结果正确')).toBeTruthy());
  });

  it('filters by status, and by the match in the address until its tag is closed', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-corrections?match=12');
    await screen.findByText('Judd vs Higgins');
    expect(api.last(LIST)!.body).toEqual({ matchId: 12, page: 1, pageSize: 20 });
    expect(screen.queryByText('Ding vs Ronnie')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('待复核'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.last(LIST)!.body).toEqual({ status: 'pending', matchId: 12, page: 1, pageSize: 20 }),
    );

    const tag = screen.getByText('比赛 #12').closest('.ant-tag') as HTMLElement;
    fireEvent.click(within(tag).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(api.last(LIST)!.body).toEqual({ status: 'pending', page: 1, pageSize: 20 }));
    expect(await screen.findAllByText('Ding vs Ronnie')).toHaveLength(1);
  });

  it('unfolds the bets a correction re-settled, paged', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-corrections');
    await screen.findAllByText('裁判判罚更正');
    fireEvent.click(within(rowOf(7)).getByRole('button', { name: /展开行|Expand row/ }));
    const bet = (await screen.findByText('T202611230001')).closest('tr') as HTMLElement;
    expect(api.last(BETS)!.body).toEqual({ id: 7, page: 1, pageSize: 10 });
    expect(within(bet).getByRole('link', { name: 'alice01' })).toBeTruthy();
    expect(within(bet).getByText('-¥185.00')).toBeTruthy();
    expect(within(bet).getByText('¥60.00')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
  });

  it('is not open to a role that does not trade', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({ ...consoleFakes('finance', 'f') });
    renderApp('/trading-corrections');
    expect(await screen.findByText('当前角色无权访问此页面')).toBeTruthy();
    expect(api.count(LIST)).toBe(0);
  });
});
