import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const LIST = '/taiqiu/alerts';
const ACK = '/taiqiu/alert/ack';

const alertOf = (id: number, kind: string, extra: object = {}) => ({
  id,
  kind,
  matchId: 11,
  matchName: 'Ding vs Ronnie',
  marketId: 111,
  marketName: '独赢',
  userId: 7,
  username: 'alice01',
  betNo: `T2026112300${id}`,
  amount: 600_000,
  at: `2026-11-23T10:0${id}:00Z`,
  ackedBy: null as string | null,
  ackedAt: null as string | null,
  linkedUserId: null as number | null,
  linkedUsername: null as string | null,
  ...extra,
});

type TradingAlert = ReturnType<typeof alertOf>;

let alerts: TradingAlert[] = [];

/** The console as risk, with a server that keeps the alerts (newest first) and their acknowledgements. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  alerts = [
    alertOf(4, 'linked_sides', { username: 'carol03', linkedUserId: 8, linkedUsername: 'bob02', amount: 7_000 }),
    alertOf(3, 'both_sides', { amount: 20_000, marketName: '第6局 胜者' }),
    alertOf(2, 'big_bet'),
    alertOf(1, 'limit', { userId: null, username: null, betNo: null, amount: 5_012_300 }),
  ];
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    [LIST]: (body) => {
      const list = body.open ? alerts.filter((a) => a.ackedAt === null) : alerts;
      const open = alerts.filter((a) => a.ackedAt === null).length;
      return { data: { list, total: list.length, open, page: 1, pageSize: 20 } };
    },
    [ACK]: (body) => {
      alerts = alerts.map((a) => (a.id === body.id ? { ...a, ackedBy: 'risk01', ackedAt: '2026-11-23T10:30:00Z' } : a));
      return { data: alerts.find((a) => a.id === body.id)! };
    },
    ...handlers,
  });
}

const rowOf = (id: number) => screen.getByRole('button', { name: `确认 ${id}` }).closest('tr') as HTMLElement;
const openCount = () => screen.getByTestId('open-count').textContent;

describe('风控提醒', () => {
  it('lists the open alerts newest first: time, kind, match, market, player, bet and amount', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-alerts');
    await screen.findByRole('button', { name: '确认 3' });
    expect(api.last(LIST)!.body).toEqual({ page: 1, pageSize: 20, open: true });
    expect(openCount()).toBe('4');

    const rows = screen.getAllByRole('button', { name: /^确认 \d$/ }).map((b) => b.getAttribute('aria-label'));
    expect(rows).toEqual(['确认 4', '确认 3', '确认 2', '确认 1']);

    // Linked players on opposite sides: the bettor and the linked player, each a link.
    const linked = within(rowOf(4));
    expect(linked.getByText('关联对冲')).toBeTruthy();
    expect(linked.getByRole('link', { name: 'carol03' }).getAttribute('href')).toBe('/players/carol03');
    expect(linked.getByTestId('linked-player').textContent).toBe('关联：bob02');
    expect(linked.getByRole('link', { name: 'bob02' }).getAttribute('href')).toBe('/players/bob02');
    expect(linked.getByText('¥70.00')).toBeTruthy();

    const bothSides = within(rowOf(3));
    expect(bothSides.getByText('2026-11-23 18:03:00')).toBeTruthy();
    expect(bothSides.getByText('双边投注')).toBeTruthy();
    expect(bothSides.getByText('Ding vs Ronnie')).toBeTruthy();
    expect(bothSides.getByText('第6局 胜者')).toBeTruthy();
    expect(bothSides.getByRole('link', { name: 'alice01' }).getAttribute('href')).toBe('/players/alice01');
    expect(bothSides.getByText('T20261123003')).toBeTruthy();
    expect(bothSides.getByText('¥200.00')).toBeTruthy();
    expect(bothSides.getByText('投注额')).toBeTruthy();

    expect(within(rowOf(2)).getByText('大额注单')).toBeTruthy();
    // A market at its limit: no player, its worst case.
    const limit = within(rowOf(1));
    expect(limit.getByText('达到赔付上限')).toBeTruthy();
    expect(limit.getByText('¥50,123.00')).toBeTruthy();
    expect(limit.getByText('最差赔付')).toBeTruthy();
    expect(limit.queryByRole('link')).toBeNull();
  });

  it('acknowledges an alert: it leaves 未处理, and 全部 shows who acknowledged it and when', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/trading-alerts');
    fireEvent.click(await screen.findByRole('button', { name: '确认 2' }));
    await waitFor(() => expect(api.count(ACK)).toBe(1));
    expect(api.last(ACK)!.body).toEqual({ id: 2 });
    expect(await screen.findByText('已确认该提醒')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '确认 2' })).toBeNull());
    expect(screen.getByRole('button', { name: '确认 3' })).toBeTruthy();
    await waitFor(() => expect(openCount()).toBe('3'));

    fireEvent.click(screen.getByRole('tab', { name: /全部/ }));
    await waitFor(() => expect(api.last(LIST)!.body).toEqual({ page: 1, pageSize: 20 }));
    const acked = (await screen.findByText('T20261123002')).closest('tr') as HTMLElement;
    expect(within(acked).getByText('已确认 · risk01')).toBeTruthy();
    expect(within(acked).getByText('2026-11-23 18:30:00')).toBeTruthy();
    expect(within(acked).queryByRole('button')).toBeNull();
  });

  it('says 暂无提醒 when nothing is open', async () => {
    logIn(sessionOf('risk'));
    fake({ [LIST]: () => ({ data: { list: [], total: 0, open: 0, page: 1, pageSize: 20 } }) });
    renderApp('/trading-alerts');
    expect(await screen.findByText('暂无提醒')).toBeTruthy();
  });

  it('shows a failed read with a retry that brings the list', async () => {
    logIn(sessionOf('risk'));
    let fail = true;
    const api = fake({
      [LIST]: () =>
        fail
          ? { code: 500, msg: '服务器内部错误' }
          : { data: { list: [alertOf(2, 'big_bet')], total: 1, open: 1, page: 1, pageSize: 20 } },
    });
    renderApp('/trading-alerts');
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByText('暂无提醒')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '确认 2' })).toBeTruthy();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
    expect(api.count(LIST)).toBe(2);
  });

  it('reads the list again every 5 s: a new alert shows by itself', async () => {
    logIn(sessionOf('risk'));
    fake();
    renderApp('/trading-alerts');
    await screen.findByRole('button', { name: '确认 3' });
    alerts = [alertOf(4, 'big_bet'), ...alerts];
    expect(await screen.findByRole('button', { name: '确认 4' }, { timeout: 8_000 })).toBeTruthy();
    await waitFor(() => expect(openCount()).toBe('4'));
  });

  it('is not open to a role that does not trade', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      ...consoleFakes('finance', 'f'),
    });
    renderApp('/trading-alerts');
    expect(await screen.findByText('当前角色无权访问此页面')).toBeTruthy();
    expect(api.count(LIST)).toBe(0);
  });
});
