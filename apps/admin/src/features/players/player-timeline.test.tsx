import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerTimeline } from './player-timeline';

const TIMELINE = '/players/timeline';
const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;

const firstPage = [
  { kind: 'note', id: 1, at: at(9), body: '首存后即提', by: 'risk01' },
  { kind: 'withdrawal', id: 2, at: at(8), orderNo: 'W1', amount: 10_000, status: 'reviewing' },
  { kind: 'limit', id: 3, at: at(7), change: { limit: 'deposit', amounts: { day: 50_000, week: null, month: null } } },
  { kind: 'limit', id: 4, at: at(6), change: { limit: 'reminder', minutes: 30 } },
  { kind: 'bet', id: 5, at: at(5), betNo: 'B1', gameName: 'Ding vs Ronnie', stake: 2_000, status: 'won' },
  { kind: 'deposit', id: 6, at: at(4), orderNo: 'D1', amount: 30_000, status: 'PAID' },
];
const secondPage = [
  { kind: 'login', id: 7, at: at(3), ip: '203.0.113.9', device: 'Mozilla/5.0 (iPhone)' },
  {
    kind: 'limit',
    id: 8,
    at: at(2),
    change: { limit: 'exclusion', days: 30, until: '2026-12-23T10:02:00.000Z' },
  },
];

const texts = (kind: string) => screen.getAllByTestId(`event-${kind}`).map((e) => e.textContent);

describe('时间线', () => {
  it('shows each event in the operator’s words, newest first, and 加载更多 reads the page after the last', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      [TIMELINE]: (body) =>
        body.after
          ? { data: { items: secondPage, next: null } }
          : { data: { items: firstPage, next: '2026-11-23T10:04:00.000000Z~deposit~6' } },
    });
    renderWithProviders(<PlayerTimeline userId={7} />);
    await screen.findByTestId('player-timeline');
    expect(api.last(TIMELINE)!.body).toEqual({ userId: 7 });
    expect(texts('note')).toEqual(['备注首存后即提 — risk01']);
    expect(texts('withdrawal')).toEqual(['提现¥100.00 待审核W1']);
    expect(texts('limit')).toEqual([
      '限额设置充值限额：每日 ¥500.00 · 每周 不限 · 每月 不限（提高在等待期后生效）',
      '限额游戏时长提醒：每 30 分钟',
    ]);
    expect(texts('bet')).toEqual(['投注Ding vs Ronnie · ¥20.00 赢B1']);
    expect(texts('deposit')).toEqual(['充值¥300.00 已支付D1']);
    expect(screen.getByText('2026-11-23 18:09:00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /加载更多/ }));
    await waitFor(() =>
      expect(api.last(TIMELINE)!.body).toEqual({ userId: 7, after: '2026-11-23T10:04:00.000000Z~deposit~6' }),
    );
    expect((await screen.findByTestId('event-login')).textContent).toBe('登录IP 203.0.113.9Mozilla/5.0 (iPhone)');
    expect(texts('limit').at(-1)).toBe('限额自我排除 30 天，至 2026-12-23 18:02:00');
    expect(screen.getByText('已显示 8 条')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('says 暂无记录 when the player has none, and shows a failed read with a retry', async () => {
    logIn(sessionOf('finance'));
    fakeApi({ [TIMELINE]: () => ({ data: { items: [], next: null } }) });
    const view = renderWithProviders(<PlayerTimeline userId={7} />);
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    view.unmount();

    let fail = true;
    fakeApi({
      [TIMELINE]: () =>
        fail ? { code: 500, msg: '服务器繁忙', data: null } : { data: { items: firstPage, next: null } },
    });
    renderWithProviders(<PlayerTimeline userId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服务器繁忙');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('player-timeline')).toBeTruthy();
  });
});
