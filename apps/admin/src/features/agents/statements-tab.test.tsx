import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { agentSettlementsAdmin } from '@breakshot/contracts';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { StatementsTab } from './statements-tab';

const statement = (id: number, over: Partial<agentSettlementsAdmin.StatementRow> = {}) => ({
  id,
  agentId: 2,
  agentUsername: 'mid',
  kind: 'commission' as const,
  period: '2024-11-20',
  base: 1_000_000,
  carryIn: 0,
  carryOut: 0,
  amount: 12_000,
  status: 'paid' as const,
  createdAt: '2024-11-21T00:05:00Z',
  ...over,
});

const rows = [
  statement(7),
  statement(8, {
    agentId: 1,
    agentUsername: 'boss',
    kind: 'dividend',
    period: '2024-11-18',
    base: -50_000,
    carryIn: -20_000,
    carryOut: -35_000,
    amount: 0,
    status: 'none',
  }),
];

/** Types a day into the date picker labelled `label` as the operator would. */
function pickDay(label: string, day: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** The `asked`-th confirmation asked before a run (a closed one stays in the document, hidden). */
async function confirmation(asked: number) {
  const asks = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')];
  await waitFor(() => expect(asks()).toHaveLength(asked));
  const ask = asks().at(-1)!;
  expect(within(ask).getAllByText('确认结算 2024-11-20 的佣金？')).toBeTruthy();
  return ask;
}

const settleButton = (el: HTMLElement) => within(el).getByRole('button', { name: /^结\s*算$/ });

describe('agent statements', () => {
  it('lists the statements with their total, filters by kind, period and agent, and downloads the CSV', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      '/agents/statements': () => ({ data: { list: rows, total: 2, page: 1, pageSize: 20, totalAmount: 12_000 } }),
      '/agents/statements.csv': () =>
        new Response('id,agent\n7,mid\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    const onOpen = vi.fn();
    renderWithProviders(<StatementsTab onOpen={onOpen} />);

    const commission = (await screen.findByText('7')).closest('tr')!;
    for (const text of ['mid', '佣金', '2024-11-20', '¥10,000.00', '¥120.00', '已派发'])
      expect(within(commission).getByText(text)).toBeTruthy();
    // A dividend is the week from its Monday, with the carry-over; nothing paid.
    const dividend = screen.getByText('8').closest('tr')!;
    for (const text of ['boss', '分红', '2024-11-18 ~ 2024-11-24', '-¥500.00', '-¥200.00', '-¥350.00', '无派发'])
      expect(within(dividend).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 2 张 · 派发合计 ¥120.00')).toBeTruthy();
    fireEvent.click(within(dividend).getByText('boss'));
    expect(onOpen).toHaveBeenCalledWith(1);
    // Risk reads the statements; settling is finance's.
    expect(screen.queryByRole('button', { name: /手动结算/ })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类型' }));
    fireEvent.click(await screen.findByTitle('佣金'));
    pickDay('周期', '2024-11-20');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'mid' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    const filters = { kind: 'commission', period: '2024-11-20', username: 'mid' };
    await waitFor(() => expect(api.last('/agents/statements')!.body).toEqual({ ...filters, page: 1, pageSize: 20 }));

    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => {};
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      await waitFor(() => expect(api.count('/agents/statements.csv')).toBe(1));
    } finally {
      HTMLAnchorElement.prototype.click = orig;
    }
    expect(api.last('/agents/statements.csv')!.body).toEqual(filters);
  });

  /** Finance's form to settle a period, over the list; `settle` answers the runs. */
  async function openSettle(settle: (b: Record<string, unknown>) => { data: unknown }) {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      '/agents/statements': () => ({ data: { list: rows, total: 2, page: 1, pageSize: 20, totalAmount: 12_000 } }),
      '/agents/settle': settle,
    });
    renderWithProviders(<StatementsTab onOpen={() => {}} />);
    await screen.findByText('7');
    fireEvent.click(screen.getByRole('button', { name: /手动结算/ }));
    return { api, form: await screen.findByRole('dialog') };
  }

  it('a dividend week starts on a Monday: the form says so and refuses another day', async () => {
    const { api, form } = await openSettle(() => ({ data: null }));
    expect(within(form).getByText('结算该日（站点时区）的佣金，须为已结束的日期。')).toBeTruthy();
    pickDay('结算日期', '2024-11-20');
    fireEvent.click(within(form).getByText('分红'));
    expect(
      await within(form).findByText('分红按周（周一至周日）结算：请选择该周的周一，且该周须已结束。'),
    ).toBeTruthy();
    expect(await within(form).findByText('分红周期须从周一开始，请选择周一')).toBeTruthy();
    fireEvent.click(settleButton(form));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(api.count('/agents/settle')).toBe(0);
  });

  it('finance settles a period after confirming: the answer shows, the list refreshes; a re-run writes nothing', async () => {
    let statements = 2;
    const { api, form } = await openSettle((b) => {
      const answer = {
        data: {
          kind: b.kind,
          period: b.period,
          statements,
          paid: statements ? 15_000 : 0,
          alreadySettled: !statements,
        },
      };
      statements = 0;
      return answer;
    });
    pickDay('结算日期', '2024-11-20');
    const listed = api.count('/agents/statements');
    fireEvent.click(settleButton(form));
    fireEvent.click(settleButton(await confirmation(1)));
    await waitFor(() => expect(api.count('/agents/settle')).toBe(1));
    expect(api.last('/agents/settle')!.body).toEqual({ kind: 'commission', period: '2024-11-20' });
    expect(await within(form).findByText('2024-11-20 的佣金已结算：写入 2 张结算单，派发 ¥150.00')).toBeTruthy();
    await waitFor(() => expect(api.count('/agents/statements')).toBeGreaterThan(listed));

    // Again: the period was settled, nothing more is paid.
    fireEvent.click(settleButton(form));
    fireEvent.click(settleButton(await confirmation(2)));
    expect(
      await within(form).findByText('2024-11-20 的佣金此前已结算：同一周期只结算一次，本次未派发任何金额'),
    ).toBeTruthy();
    expect(api.count('/agents/settle')).toBe(2);
  });
});
