import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import TouzhuDetailsPage from './touzhu-details-page';
import TouzhulogsPage from './touzhulogs-page';

const record = (over: Record<string, unknown>) => ({
  betNo: 'T260101000001',
  gameType: 'taiqiu',
  gameName: '林浩然 vs 陈子轩',
  stake: 10_000,
  validBet: 10_000,
  payout: 19_500,
  status: 'won',
  createdAt: '2026-01-01T10:00:00Z',
  settledAt: '2026-01-01T11:00:00Z',
  marketName: '独赢',
  selectionName: '林浩然',
  odds: 1.95,
  potentialReturn: 19_500,
  result: '4:1',
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
});
