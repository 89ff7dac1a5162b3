import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { MatchDetails } from './api/match';
import MatchPage from './match-page';
import { demoMatch } from './test-fixtures';
import { FALLBACK_AFTER_MS } from './use-bet-slip';

/* The match page with in-play acceptance: my bets pending then decided, and the slip's fallback. */

vi.mock('../../lib/toast', async (orig) => ({
  ...(await orig<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

const user = { ...demoUser, balance: 50_000, frozen: 0, vipLevel: 0 };

const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

type MyBet = NonNullable<MatchDetails['myBets']>[number];
const myBet = (status: MyBet['status'], odds = 2.05, rejectedReason: string | null = null): MyBet => ({
  betNo: 'B0200',
  marketId: 11,
  marketType: 'winner',
  frame: null,
  selectionId: 112,
  pick: 'b',
  selectionName: '陈子轩',
  line: null,
  odds,
  stake: 2_000,
  potentialReturn: Math.floor(2_000 * odds),
  payout: 0,
  status,
  rejectedReason,
  createdAt: '2026-01-01T10:10:00Z',
  settledAt: null,
});

/** The live connection's status as the page reads it (useLiveStatus). */
const setLiveStatus = (status: string) => (live as unknown as { setStatus: (s: string) => void }).setStatus(status);

const row = () => screen.getByTestId('my-bets').querySelector('[data-bet-no="B0200"]')!;

describe('match page: in-play bets', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: user });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setLiveStatus('idle');
    vi.mocked(showToast).mockClear();
    useSession.setState({ token: null, userInfo: null });
  });

  it('my bets: a pending bet is 确认中 (amber); BET_UPDATED refetches the match and a toast says how it went', async () => {
    let bet = myBet('pending');
    const api = fakeApi({
      '/user/info': () => ({ code: 200, data: user }),
      '/taiqiu/match': () => ({ code: 200, data: demoMatch({ myBets: [bet] }) }),
    });
    renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    await screen.findByTestId('my-bets');
    expect(row().getAttribute('data-status')).toBe('pending');
    const chip = row().querySelector('.status-chip')!;
    expect(chip.textContent).toBe('确认中');
    expect(chip.getAttribute('data-tone')).toBe('pending');
    expect(row().textContent).toContain('可赢');

    bet = { ...myBet('rejected', 2.05, 'oddsChanged'), potentialReturn: 4_100 };
    await deliver({
      type: 'BET_UPDATED',
      betNo: 'B0200',
      status: 'rejected',
      odds: 2.05,
      rejectedReason: 'oddsChanged',
    });
    await waitFor(() => expect(row().getAttribute('data-status')).toBe('rejected'));
    expect(api.of('/taiqiu/match')).toHaveLength(2);
    expect(api.of('/taiqiu/match')[1]!.headers.token).toBe('tok');
    expect(row().querySelector('.status-chip')!.textContent).toBe('未接受');
    expect(row().querySelector('.status-chip')!.getAttribute('data-tone')).toBe('muted');
    expect(row().querySelector('[data-testid=bet-rejected-reason]')!.textContent).toBe('赔率已变化 · 本金已退回');
    expect(showToast).toHaveBeenCalledWith('投注未接受：赔率已变化', undefined);
  });

  it('accepted while the slip is closed: the row turns open and the toast says at what odds', async () => {
    let bet = myBet('pending');
    fakeApi({
      '/user/info': () => ({ code: 200, data: user }),
      '/taiqiu/match': () => ({ code: 200, data: demoMatch({ myBets: [bet] }) }),
    });
    renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    await screen.findByTestId('my-bets');
    bet = myBet('open', 2.1);
    await deliver({ type: 'BET_UPDATED', betNo: 'B0200', status: 'open', odds: 2.1 });
    await waitFor(() => expect(row().getAttribute('data-status')).toBe('open'));
    expect(row().querySelector('.status-chip')!.textContent).toBe('未结算');
    expect(showToast).toHaveBeenCalledWith('投注成功 @ 2.10', 'success');
  });

  it('the slip counts down; with no BET_UPDATED it asks taiqiu/match (with the token) and shows the bet as decided there', async () => {
    // The live connection looks open (the page does not poll) but no news comes: a socket gone quiet.
    setLiveStatus('open');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
    let bets: MyBet[] = [];
    const api = fakeApi({
      '/user/info': () => ({ code: 200, data: user }),
      '/taiqiu/match': () => ({ code: 200, data: demoMatch({ myBets: bets }) }),
      '/taiqiu/preferences': () => ({ code: 200, data: { oddsChange: 'none' } }),
      '/taiqiu/bet': () => {
        bets = [myBet('pending')];
        return {
          code: 200,
          data: {
            betNo: 'B0200',
            status: 'pending',
            stake: 2_000,
            odds: 2.05,
            potentialReturn: 4_100,
            acceptAt: new Date(Date.now() + 3_000).toISOString(),
          },
        };
      },
    });
    renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    await flush(10);
    fireEvent.click(screen.getByTestId('odds-112'));
    await flush(10);
    expect(screen.getByTestId('odds-change-value').textContent).toBe('不接受赔率变化');
    fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('slip-confirm'));
    await flush(10);
    expect(screen.getByTestId('bet-slip').getAttribute('data-phase')).toBe('pending');
    expect(screen.getByTestId('slip-countdown').textContent).toBe('3');
    // The page reloaded the match: my bets show it pending behind the slip.
    await flush(10);
    expect(api.of('/taiqiu/match')).toHaveLength(2);
    expect(row().getAttribute('data-status')).toBe('pending');

    // The socket is down: nothing comes. At acceptAt + 10 s the match is asked for again.
    bets = [myBet('open')];
    await flush(3_000 + FALLBACK_AFTER_MS - 50);
    expect(api.of('/taiqiu/match')).toHaveLength(2);
    await flush(100);
    expect(api.of('/taiqiu/match')).toHaveLength(3);
    expect(api.of('/taiqiu/match')[2]!.headers.token).toBe('tok');
    await flush(10);
    expect(screen.getByTestId('bet-slip').getAttribute('data-phase')).toBe('accepted');
    expect(screen.getByTestId('slip-accepted-text').textContent).toBe('已按赔率 2.05 接受');
    expect(row().getAttribute('data-status')).toBe('open');
    // The slip showed it: no toast on top.
    expect(showToast).not.toHaveBeenCalled();
  });
});
