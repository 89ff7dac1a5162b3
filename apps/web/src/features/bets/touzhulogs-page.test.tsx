import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import TouzhuDetailsPage from './touzhu-details-page';
import TouzhulogsPage from './touzhulogs-page';
import TouzhutaiqiuPage from './touzhutaiqiu-page';

const record = (over: Record<string, unknown>) => ({
  betNo: 'T260101000001',
  gameType: 'taiqiu',
  gameName: '林浩然 vs 陈子轩',
  stake: 10_000,
  validBet: 10_000,
  payout: 19_500,
  status: 'won',
  rejectedReason: null,
  createdAt: '2026-01-01T10:00:00Z',
  settledAt: '2026-01-01T11:00:00Z',
  marketName: '独赢',
  selectionName: '林浩然',
  odds: 1.95,
  potentialReturn: 19_500,
  result: '4:1',
  cashoutStake: 0,
  cashoutPaid: 0,
  ...over,
});

describe('bet records', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the summary of the filter and the rows; tabs and status refilter the call', async () => {
    const { calls } = fakeApi({
      '/user/betRecord/list': (body) => ({
        code: 200,
        data: {
          list:
            body.gameType === 'slots'
              ? []
              : [
                  record({}),
                  record({
                    betNo: 'T260101000002',
                    status: 'open',
                    payout: 0,
                    validBet: 0,
                    settledAt: null,
                    result: null,
                  }),
                ],
          total: body.gameType === 'slots' ? 0 : 2,
          page: 1,
          pageSize: 20,
          summary:
            body.gameType === 'slots'
              ? { count: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 }
              : { count: 2, stake: 20_000, validBet: 10_000, payout: 19_500, winLoss: 9_500 },
        },
      }),
    });
    renderAt(<TouzhulogsPage />, '/user/touzhulogs', '/user/touzhulogs');
    await screen.findByTestId('bet-records');
    expect(screen.getByTestId('sum-count').textContent).toBe('2');
    expect(screen.getByTestId('sum-stake').textContent).toBe('¥200.00');
    expect(screen.getByTestId('sum-validBet').textContent).toBe('¥100.00');
    expect(screen.getByTestId('sum-payout').textContent).toBe('¥195.00');
    expect(screen.getByTestId('sum-winLoss').textContent).toBe('+¥95.00');
    expect(screen.getByTestId('sum-winLoss').querySelector('.money-pos')).toBeTruthy();

    const won = document.querySelector('[data-bet-no="T260101000001"]')!;
    expect(won.getAttribute('href')).toBe('/user/touzhuDetails/taiqiu?betNo=T260101000001');
    expect(won.textContent).toContain('+¥95.00');
    expect(won.textContent).toContain('¥100.00');
    expect(document.querySelector('[data-bet-no="T260101000002"]')!.textContent).toContain('待开奖');

    const first = calls.find((c) => c.path === '/user/betRecord/list')!.body;
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first).not.toHaveProperty('gameType');
    expect(String(first.from)).toMatch(/T16:00:00\.000Z$/); // 00:00 in Asia/Shanghai

    fireEvent.click(screen.getByRole('tab', { name: '电子' }));
    expect(await screen.findByTestId('bet-records-empty')).toBeTruthy();
    expect(screen.getByTestId('sum-count').textContent).toBe('0');
    expect(screen.getByTestId('sum-winLoss').textContent).toBe('¥0.00');
    fireEvent.click(screen.getByRole('radio', { name: '已结算' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/user/betRecord/list').at(-1)!.body).toMatchObject({
        gameType: 'slots',
        status: 'settled',
      }),
    );
  });

  it('?betNo= shows one bet with all its fields', async () => {
    fakeApi({
      '/user/betRecord/details': () => ({
        code: 200,
        data: {
          ...record({}),
          roundId: '7',
          round: null,
          marketType: 'winner',
          pick: 'a',
          line: null,
          winLoss: 9_500,
          heldPayout: 0,
          parlay: null,
          cashouts: [],
        },
      }),
    });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=T260101000001');
    await screen.findByTestId('bet-details');
    expect(screen.getByTestId('detail-betNo').textContent).toBe('T260101000001');
    expect(screen.getByTestId('detail-winLoss').textContent).toBe('+¥95.00');
    expect(screen.getByTestId('detail-odds').textContent).toBe('1.95');
    expect(screen.getByTestId('detail-validBet').textContent).toBe('¥100.00');
    expect(screen.getByTestId('detail-payout').textContent).toBe('¥195.00');
    expect(screen.getByTestId('detail-result').textContent).toBe('4:1');
    expect(screen.getByTestId('detail-status').textContent).toBe('赢');
    expect(screen.getByRole('link', { name: '查看赛事' }).getAttribute('href')).toBe('/taiqiu/7');
  });

  it('a provider game’s win above its limit shows as paid only what was credited, the rest as under review', async () => {
    fakeApi({
      '/user/betRecord/details': () => ({
        code: 200,
        data: {
          ...record({
            gameType: 'slots',
            gameName: '水果机',
            payout: 50_000,
            marketName: null,
            selectionName: null,
            odds: null,
            potentialReturn: null,
            result: null,
          }),
          roundId: 'demo:R-77',
          round: null,
          marketType: null,
          pick: null,
          line: null,
          winLoss: 40_000,
          heldPayout: 100_000,
          parlay: null,
          cashouts: [],
        },
      }),
    });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/slots?betNo=T260101000001');
    await screen.findByTestId('bet-details');
    expect(screen.getByTestId('detail-payout').textContent).toBe('¥500.00');
    expect(screen.getByTestId('detail-heldPayout').textContent).toContain('¥1,000.00');
    expect(screen.getByText('待审核派彩')).toBeTruthy();
  });

  it('an open bet says its status once and names its match, not its id', async () => {
    fakeApi({
      '/user/betRecord/details': () => ({
        code: 200,
        data: {
          ...record({ status: 'open', payout: 0, validBet: 0, result: null, settledAt: null }),
          roundId: '4',
          round: { title: '林浩然 vs 陈子轩', startAt: '2026-01-01T12:30:00Z' },
          marketType: 'winner',
          pick: 'a',
          line: null,
          winLoss: null,
          heldPayout: 0,
          parlay: null,
          cashouts: [],
        },
      }),
    });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=T260101000001');
    const details = await screen.findByTestId('bet-details');
    expect(details.textContent?.match(/未结算|待开奖/g)).toEqual(['未结算']);
    expect(screen.getByTestId('detail-round').textContent).toContain('林浩然 vs 陈子轩');
    expect(screen.getByTestId('detail-round').textContent).toMatch(/2026/);
    expect(details.textContent).not.toContain('局号');
  });

  describe('in-play bets: pending (确认中) and rejected (未接受)', () => {
    const pending = record({
      betNo: 'T260101000010',
      status: 'pending',
      payout: 0,
      validBet: 0,
      settledAt: null,
      result: null,
    });
    const rejected = (betNo: string, rejectedReason: string | null = null) =>
      record({ betNo, status: 'rejected', rejectedReason, payout: 0, validBet: 0, settledAt: null, result: null });
    const list = (body: Record<string, unknown>) => ({
      code: 200,
      data: {
        list:
          body.status === 'void' ? [rejected('T260101000011', 'oddsChanged'), rejected('T260101000012')] : [pending],
        total: body.status === 'void' ? 2 : 1,
        page: 1,
        pageSize: 20,
        summary: { count: 1, stake: 10_000, validBet: 0, payout: 0, winLoss: 0 },
      },
    });

    it('/user/touzhulogs: a pending bet amber under 未结算, a rejected one grey under 已取消 with its reason when known', async () => {
      // The record says why one of them was not accepted; the other carries no reason.
      const { calls } = fakeApi({ '/user/betRecord/list': list });
      renderAt(<TouzhulogsPage />, '/user/touzhulogs', '/user/touzhulogs');
      fireEvent.click(await screen.findByRole('radio', { name: '未结算' }));
      await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ status: 'open' }));
      const row = await waitFor(() => document.querySelector('[data-bet-no="T260101000010"]')!);
      expect(row.getAttribute('data-status')).toBe('pending');
      const chip = row.querySelector('.status-chip')!;
      expect(chip.textContent).toBe('确认中');
      expect(chip.getAttribute('data-tone')).toBe('pending');

      fireEvent.click(screen.getByRole('radio', { name: '已取消' }));
      await waitFor(() => expect(document.querySelector('[data-bet-no="T260101000011"]')).toBeTruthy());
      const known = document.querySelector('[data-bet-no="T260101000011"]')!;
      expect(known.getAttribute('data-status')).toBe('rejected');
      expect(known.querySelector('.status-chip')!.textContent).toBe('未接受');
      expect(known.querySelector('.status-chip')!.getAttribute('data-tone')).toBe('muted');
      expect(known.querySelector('[data-testid=bet-rejected-reason]')!.textContent).toBe('赔率已变化 · 本金已退回');
      // No win/loss for a bet never taken.
      expect(known.textContent).not.toMatch(/[+-]¥/);
      const unknown = document.querySelector('[data-bet-no="T260101000012"]')!;
      expect(unknown.querySelector('[data-testid=bet-rejected-reason]')!.textContent).toBe('本金已退回');
    });

    it('/user/touzhutaiqiu: the pending bet shows what it may return; the rejected one why, its stake back', async () => {
      fakeApi({
        '/user/betRecord/list': () => ({
          code: 200,
          data: {
            list: [pending, rejected('T260101000011', 'marketClosed')],
            total: 2,
            page: 1,
            pageSize: 20,
            summary: { count: 2, stake: 10_000, validBet: 0, payout: 0, winLoss: 0 },
          },
        }),
      });
      renderAt(<TouzhutaiqiuPage />, '/user/touzhutaiqiu/:gameType', '/user/touzhutaiqiu/taiqiu');
      await screen.findByTestId('taiqiu-bets');
      const p = await waitFor(() => document.querySelector('[data-bet-no="T260101000010"]')!);
      expect(p.textContent).toContain('可赢');
      expect(p.textContent).toContain('¥195.00');
      expect(p.querySelector('.status-chip')!.textContent).toBe('确认中');
      expect(p.textContent).not.toContain('待开奖');
      const r = document.querySelector('[data-bet-no="T260101000011"]')!;
      expect(r.querySelector('.status-chip')!.textContent).toBe('未接受');
      expect(r.textContent).toContain('已退回¥100.00');
      expect(r.querySelector('[data-testid=bet-rejected-reason]')!.textContent).toBe('盘口已关闭');
    });

    it('details: 确认中 says how it goes on; 未接受 says why and that the stake is back', async () => {
      let status = 'pending';
      const details = () => ({
        code: 200,
        data: {
          ...(status === 'pending' ? pending : rejected('T260101000010', 'matchNotOpen')),
          roundId: '7',
          round: { title: '林浩然 vs 陈子轩', startAt: '2026-01-01T12:30:00Z' },
          marketType: 'winner',
          pick: 'a',
          line: null,
          winLoss: null,
          heldPayout: 0,
          parlay: null,
          cashouts: [],
        },
      });
      fakeApi({ '/user/betRecord/details': details });
      renderAt(
        <TouzhuDetailsPage />,
        '/user/touzhuDetails/:gameType',
        '/user/touzhuDetails/taiqiu?betNo=T260101000010',
      );
      const view = await screen.findByTestId('bet-details');
      expect(view.getAttribute('data-status')).toBe('pending');
      expect(screen.getByTestId('detail-status').textContent).toBe('确认中');
      expect(screen.getByTestId('detail-status').getAttribute('data-tone')).toBe('pending');
      expect(view.textContent).toContain('滚球投注需几秒确认，未被接受将全额退回');
      expect(view.textContent).toContain('可赢金额');
      cleanup();

      status = 'rejected';
      fakeApi({ '/user/betRecord/details': details });
      renderAt(
        <TouzhuDetailsPage />,
        '/user/touzhuDetails/:gameType',
        '/user/touzhuDetails/taiqiu?betNo=T260101000010',
      );
      await screen.findByTestId('bet-details');
      expect(screen.getByTestId('detail-status').textContent).toBe('未接受');
      expect(screen.getByTestId('detail-status').getAttribute('data-tone')).toBe('muted');
      expect(screen.getByTestId('detail-reason').textContent).toBe('比赛已结束投注金额 ¥100.00 已退回余额');
      expect(screen.queryByTestId('detail-payout')).toBeNull();
      expect(screen.queryByTestId('detail-winLoss')).toBeNull();
    });
  });
});
