import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import TouzhuDetailsPage from './touzhu-details-page';
import TouzhulogsPage from './touzhulogs-page';
import TouzhutaiqiuPage from './touzhutaiqiu-page';

/** A bet of ¥100 cashed out in two parts: ¥40 by hand for ¥52.00, then the ¥60 left automatically for ¥81.50. */
const cashedOut = {
  betNo: 'T260101000009',
  gameType: 'taiqiu',
  gameName: '林浩然 vs 陈子轩',
  stake: 10_000,
  validBet: 10_000,
  payout: 13_350,
  status: 'cashout',
  rejectedReason: null,
  createdAt: '2026-01-01T10:00:00Z',
  settledAt: '2026-01-01T10:40:00Z',
  marketName: '独赢',
  selectionName: '林浩然',
  odds: 1.95,
  potentialReturn: 19_500,
  result: null,
  cashoutStake: 10_000,
  cashoutPaid: 13_350,
};

const details = (over: Record<string, unknown> = {}) => ({
  code: 200,
  data: {
    ...cashedOut,
    roundId: '7',
    round: { title: '林浩然 vs 陈子轩', startAt: '2026-01-01T09:30:00Z' },
    marketType: 'winner',
    pick: 'a',
    line: null,
    winLoss: 3_350,
    heldPayout: 0,
    parlay: null,
    cashouts: [
      { stakePart: 4_000, paid: 5_200, auto: false, at: '2026-01-01T10:20:00Z' },
      { stakePart: 6_000, paid: 8_150, auto: true, at: '2026-01-01T10:40:00Z' },
    ],
    ...over,
  },
});

const page = (list: unknown[]) => ({
  code: 200,
  data: {
    list,
    total: list.length,
    page: 1,
    pageSize: 20,
    summary: { count: list.length, stake: 10_000, validBet: 10_000, payout: 13_350, winLoss: 3_350 },
  },
});

/** The row (a link) of the bet, once the list shows it. */
const rowOf = (betNo: string) =>
  waitFor(() => {
    const row = document.querySelector(`a[data-bet-no="${betNo}"]`);
    if (!row) throw new Error(`no row ${betNo} yet`);
    return row;
  });

describe('cash-outs in the bet records', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('details: 已提前结算, the stake cashed out and what it paid, and each cash-out (when, part, paid, auto or not)', async () => {
    fakeApi({ '/user/betRecord/details': () => details() });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=T260101000009');
    await screen.findByTestId('bet-details');
    expect(screen.getByTestId('detail-status').textContent).toBe('已提前结算');
    expect(screen.getByTestId('detail-cashoutStake').textContent).toBe('¥100.00');
    expect(screen.getByTestId('detail-cashoutPaid').textContent).toBe('¥133.50');
    expect(screen.getByTestId('detail-winLoss').textContent).toBe('+¥33.50');
    expect(screen.getByText('已提前结算本金')).toBeTruthy();
    expect(screen.getByText('提前结算金额')).toBeTruthy();

    const list = screen.getByTestId('bet-cashouts');
    expect(list.textContent).toContain('提前结算记录（2 笔）');
    const rows = screen.getAllByTestId('bet-cashout');
    expect(rows.map((r) => r.dataset.auto)).toEqual(['false', 'true']);
    expect(rows[0]!.textContent).toContain('手动');
    expect(rows[0]!.textContent).toContain('¥40.00');
    expect(rows[0]!.textContent).toContain('¥52.00');
    // Site time (Asia/Shanghai), not the device's.
    expect(rows[0]!.textContent).toContain('2026-01-01 18:20');
    expect(rows[1]!.textContent).toContain('自动');
    expect(rows[1]!.textContent).toContain('¥60.00');
    expect(rows[1]!.textContent).toContain('¥81.50');
  });

  it('details of a bet never cashed out show no cash-out figures or list', async () => {
    fakeApi({
      '/user/betRecord/details': () =>
        details({ status: 'won', cashoutStake: 0, cashoutPaid: 0, payout: 19_500, winLoss: 9_500, cashouts: [] }),
    });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=T260101000009');
    await screen.findByTestId('bet-details');
    expect(screen.queryByTestId('bet-cashouts')).toBeNull();
    expect(screen.queryByTestId('detail-cashoutStake')).toBeNull();
  });

  it('an open bet partly cashed out: its rows show what was cashed out; a cashed-out bet is labelled so (中/EN)', async () => {
    const partly = {
      ...cashedOut,
      betNo: 'T260101000010',
      status: 'open',
      payout: 0,
      validBet: 0,
      settledAt: null,
      cashoutStake: 4_000,
      cashoutPaid: 5_200,
    };
    fakeApi({
      '/user/betRecord/list': () => page([cashedOut, partly]),
      '/taiqiu/cashout/values': () => ({
        code: 200,
        data: { bets: [{ betNo: partly.betNo, runningStake: 6_000, value: 7_000, unavailable: null, autoAt: null }] },
      }),
    });
    renderAt(<TouzhulogsPage />, '/user/touzhulogs', '/user/touzhulogs');
    const row = await rowOf('T260101000010');
    expect(row.querySelector('[data-testid=bet-cashout-figures]')!.textContent).toBe(
      '已提前结算本金 ¥40.00提前结算金额 ¥52.00',
    );
    const done = document.querySelector('a[data-bet-no="T260101000009"]')!;
    expect(done.textContent).toContain('已提前结算');
    expect(done.textContent).toContain('+¥33.50');
    cleanup();

    await setLanguage('en');
    fakeApi({ '/user/betRecord/list': () => page([cashedOut]) });
    renderAt(<TouzhutaiqiuPage />, '/user/touzhutaiqiu/:gameType', '/user/touzhutaiqiu/taiqiu');
    const en = await rowOf('T260101000009');
    expect(en.querySelector('.status-chip')!.textContent).toBe('Cashed out');
    expect(en.querySelector('[data-testid=bet-cashout-figures]')!.textContent).toBe(
      'Stake cashed out ¥100.00Cash-out paid ¥133.50',
    );
  });
});
