import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import MatchPage from './match-page';
import { demoMatch } from './test-fixtures';

/** Delivers an event as if it came over the live connection, and lets the query cache notify. */
const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

const liveMarkets = (over: Record<number, number> = {}, status: Record<number, string> = {}) =>
  demoMatch().markets.map((m) => ({
    id: m.id,
    type: m.type,
    ...(m.line !== undefined ? { line: m.line } : {}),
    status: status[m.id] ?? m.status,
    selections: m.selections.map((s) => ({ id: s.id, pick: s.pick, odds: over[s.id] ?? s.odds })),
  }));

/** The news that match 7's markets are as demoMatch has them: the winner market (11) open. */
const winnerReopened = () =>
  deliver({ type: 'MATCH_UPDATED', matchId: 7, status: 'live', score: { a: 1, b: 0 }, markets: liveMarkets() });

/** demoMatch's markets with the winner market (11) suspended. */
const suspendedWinner = () =>
  demoMatch().markets.map((m) => (m.id === 11 ? { ...m, status: 'suspended' as const } : m));

/** A bet of mine on match 7's winner market. */
const myBet = (betNo: string) => ({
  betNo,
  marketId: 11,
  marketType: 'winner',
  frame: null,
  selectionId: 111,
  pick: 'a',
  selectionName: '林浩然',
  line: null,
  odds: 1.8,
  stake: 2000,
  potentialReturn: 3600,
  payout: 0,
  status: 'open',
  rejectedReason: null,
  createdAt: '2026-01-01T10:10:00Z',
  settledAt: null,
});

describe('match page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    useSession.setState({ token: null, userInfo: null });
  });

  describe('as a player', () => {
    beforeEach(() => {
      storage.set(TOKEN_KEY, 'tok');
      useSession.setState({ token: 'tok', userInfo: null });
    });

    it('invites a tap on the odds only while the match is open; a finished or cancelled one says so', async () => {
      fakeApi({ '/taiqiu/match': () => ({ code: 200, data: { ...demoMatch(), myBets: [] } }) });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      expect((await screen.findByTestId('my-bets-empty')).textContent).toContain('点击上方赔率即可下注');
      cleanup();
      for (const [status, text] of [
        ['finished', '比赛已结束，您没有投注本场比赛'],
        ['cancelled', '比赛已取消，您没有投注本场比赛'],
      ]) {
        fakeApi({ '/taiqiu/match': () => ({ code: 200, data: { ...demoMatch(), status, myBets: [] } }) });
        renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
        expect((await screen.findByTestId('my-bets-empty')).textContent).toBe(text);
        cleanup();
      }
    });

    it('shows players, status, best-of, score and markets; a suspended market is greyed with 暂停', async () => {
      fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch() }) });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      await screen.findByTestId('match-page');
      expect(screen.getByTestId('player-a').textContent).toBe('林浩然');
      expect(screen.getByTestId('player-b').textContent).toBe('陈子轩');
      expect(screen.getByTestId('match-status').textContent).toBe('比赛中');
      expect(screen.getByTestId('best-of').textContent).toBe('7 局 4 胜');
      expect(screen.getByTestId('score-a').textContent).toBe('1');
      expect(screen.getByTestId('score-b').textContent).toBe('0');
      const total = screen.getByTestId('market-total');
      expect(within(total).getByTestId('market-state').textContent).toBe('暂停');
      expect((within(total).getByTestId('odds-131') as HTMLButtonElement).disabled).toBe(true);
      expect(within(total).getByTestId('odds-131').textContent).toContain('暂停');
      expect((screen.getByTestId('odds-112') as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByTestId('odds-112').textContent).toBe('陈子轩2.05');
    });

    it('follows the frame on visit by visit: its points and who is at the table on what break, live', async () => {
      fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch() }) });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      await screen.findByTestId('match-page');
      expect(screen.getByText('第 2 局进行中')).toBeTruthy();
      const frame = { number: 2, points: { a: 24, b: 7 }, atTable: 'a' as const, break: 17 };
      await deliver({ type: 'MATCH_UPDATED', matchId: 7, status: 'live', score: { a: 1, b: 0 }, frame });
      expect(screen.getByTestId('frame-in-play').textContent).toContain('第 2 局 · 24 : 7 分');
      expect(screen.getByTestId('at-table').textContent).toBe('林浩然 单杆 17 分');
      await deliver({
        type: 'MATCH_UPDATED',
        matchId: 7,
        status: 'live',
        score: { a: 1, b: 0 },
        frame: { ...frame, points: { a: 24, b: 11 }, atTable: 'b', break: 0 },
      });
      expect(screen.getByTestId('at-table').textContent).toBe('陈子轩 上手');
      // The frame is over: no frame on until the next starts.
      await deliver({ type: 'MATCH_UPDATED', matchId: 7, status: 'live', score: { a: 1, b: 1 }, frame: null });
      expect(screen.queryByTestId('frame-in-play')).toBeNull();
      expect(screen.getByText('第 3 局进行中')).toBeTruthy();
    });

    it('applies MATCH_UPDATED to the score, odds and market status without reloading', async () => {
      const api = fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch() }) });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      await screen.findByTestId('match-page');
      const loads = api.of('/taiqiu/match').length;

      await deliver({ type: 'MATCH_UPDATED', matchId: 8, status: 'live', score: { a: 3, b: 3 } });
      expect(screen.getByTestId('score-a').textContent).toBe('1');

      await deliver({
        type: 'MATCH_UPDATED',
        matchId: 7,
        status: 'live',
        score: { a: 2, b: 0 },
        markets: liveMarkets({ 111: 1.5, 112: 2.6 }, { 13: 'open' }),
      });
      expect(screen.getByTestId('score-a').textContent).toBe('2');
      expect(screen.getByTestId('score-a').className).toContain('tq-bump');
      expect(screen.getByTestId('odds-111').getAttribute('data-odds')).toBe('1.5');
      expect(screen.getByTestId('odds-111').textContent).toContain('1.50▼');
      expect(screen.getByTestId('odds-112').textContent).toContain('2.60▲');
      expect((screen.getByTestId('odds-131') as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByTestId('odds-131').textContent).toContain('1.90');

      await deliver({
        type: 'MATCH_UPDATED',
        matchId: 7,
        status: 'live',
        score: { a: 2, b: 0 },
        markets: liveMarkets({}, { 11: 'suspended' }),
      });
      expect((screen.getByTestId('odds-111') as HTMLButtonElement).disabled).toBe(true);
      expect(api.of('/taiqiu/match').length).toBe(loads);
    });

    it('news that comes while the match loads is not lost: the page asks again after it', async () => {
      // The first answer was read before the market reopened; the news of it comes while that
      // answer is on its way.
      let answers = 0;
      let answerFirst: () => void = () => {};
      const api = fakeApi({
        '/taiqiu/match': async () => {
          answers += 1;
          if (answers === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
          return { code: 200, data: demoMatch({ markets: answers === 1 ? suspendedWinner() : demoMatch().markets }) };
        },
      });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      await waitFor(() => expect(api.of('/taiqiu/match').length).toBe(1));
      await winnerReopened();
      answerFirst();
      await waitFor(() => expect((screen.getByTestId('odds-111') as HTMLButtonElement).disabled).toBe(false));
      expect(api.of('/taiqiu/match').length).toBe(2);
    });

    it('news that comes while the match is fetched again is not lost either', async () => {
      let answers = 0;
      let answerSecond: () => void = () => {};
      const api = fakeApi({
        '/taiqiu/match': async () => {
          answers += 1;
          if (answers === 2) await new Promise<void>((resolve) => (answerSecond = resolve));
          return { code: 200, data: demoMatch({ markets: answers === 3 ? demoMatch().markets : suspendedWinner() }) };
        },
      });
      const { client } = renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      await screen.findByTestId('match-page');
      void client.refetchQueries();
      await waitFor(() => expect(api.of('/taiqiu/match').length).toBe(2));
      await winnerReopened();
      answerSecond();
      await waitFor(() => expect((screen.getByTestId('odds-111') as HTMLButtonElement).disabled).toBe(false));
      expect(api.of('/taiqiu/match').length).toBe(3);
    });

    it('reloads when the match ends, so my bets show as settled', async () => {
      let finished = false;
      const bet = myBet('B0001');
      const api = fakeApi({
        '/taiqiu/match': () => ({
          code: 200,
          data: finished
            ? demoMatch({
                status: 'finished',
                score: { a: 4, b: 1 },
                winner: 'a',
                myBets: [{ ...bet, status: 'won', payout: 3600, settledAt: '2026-01-01T11:00:00Z' }] as never,
              })
            : demoMatch({ myBets: [bet] as never }),
        }),
      });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      const row = await screen.findByTestId('my-bets');
      expect(row.querySelector('[data-bet-no="B0001"]')!.getAttribute('data-status')).toBe('open');
      finished = true;
      await deliver({
        type: 'MATCH_UPDATED',
        matchId: 7,
        status: 'finished',
        score: { a: 4, b: 1 },
        markets: liveMarkets({}, { 11: 'closed', 12: 'closed', 13: 'closed', 14: 'closed' }),
      });
      expect(screen.getByTestId('match-status').textContent).toBe('已结束');
      await waitFor(() =>
        expect(screen.getByTestId('my-bets').querySelector('[data-bet-no="B0001"]')!.getAttribute('data-status')).toBe(
          'won',
        ),
      );
      expect(api.of('/taiqiu/match').length).toBe(2);
      expect(screen.getByText('林浩然 获胜')).toBeTruthy();
    });

    it('my open bet offers its cash-out at the live value; the value follows CASHOUT_VALUES', async () => {
      const open = { ...myBet('B0001'), status: 'open' };
      const settled = { ...myBet('B0002'), status: 'lost', settledAt: '2026-01-01T11:00:00Z' };
      const cashoutValue = (value: number | null, unavailable: string | null = null) => ({
        betNo: 'B0001',
        runningStake: 2000,
        value,
        unavailable,
        autoAt: null,
      });
      const api = fakeApi({
        '/taiqiu/match': () => ({ code: 200, data: demoMatch({ myBets: [open, settled] as never }) }),
        '/taiqiu/cashout/values': () => ({ code: 200, data: { bets: [cashoutValue(1850)] } }),
        '/taiqiu/cashout/quote': () => ({
          code: 200,
          data: { quoteId: 'Q1', betNo: 'B0001', runningStake: 2000, value: 1850, expiresAt: '2099-01-01T00:00:00Z' },
        }),
      });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7');
      const bar = () => screen.getByTestId('my-bets').querySelector('[data-cashout-of="B0001"]');
      await waitFor(() => expect(bar()?.textContent).toBe('提前结算 ¥18.50'));
      expect(screen.getByTestId('my-bets').querySelector('[data-cashout-of="B0002"]')).toBeNull();
      expect(api.bodies('/taiqiu/cashout/values')).toEqual([{ betNos: ['B0001'] }]);
      await deliver({ type: 'CASHOUT_VALUES', bets: [cashoutValue(null, 'suspended')] });
      expect(bar()!.getAttribute('data-unavailable')).toBe('suspended');
      expect(
        within(bar() as HTMLElement)
          .getByRole('button')
          .hasAttribute('disabled'),
      ).toBe(true);
      await deliver({ type: 'CASHOUT_VALUES', bets: [cashoutValue(2100)] });
      const button = within(bar() as HTMLElement).getByRole('button');
      expect(button.textContent).toBe('提前结算 ¥21.00');
      fireEvent.click(button);
      expect(await screen.findByTestId('cashout-sheet')).toBeTruthy();
    });

    it('tapping odds opens the bet slip on that selection', async () => {
      fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch() }) });
      renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
      fireEvent.click(await screen.findByTestId('odds-122'));
      expect((await screen.findByTestId('slip-selection')).textContent).toBe('陈子轩 +1.5');
      expect(screen.getByTestId('slip-odds').textContent).toBe('1.55');
    });
  });

  it('stars the match and each player (a player); a guest is asked to log in', async () => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: null });
    const api = fakeApi({
      '/taiqiu/match': () => ({ code: 200, data: demoMatch() }),
      '/taiqiu/favourites': () => ({ code: 200, data: { matches: [7], players: [] } }),
      '/taiqiu/favourites/set': () => ({ code: 200, data: { matches: [7], players: ['陈子轩'] } }),
    });
    renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    await screen.findByTestId('match-page');
    await waitFor(() => expect(screen.getByTestId('fav-match').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('fav-match').getAttribute('aria-label')).toBe('收藏本场比赛');
    expect(screen.getByTestId('fav-player-b').getAttribute('aria-label')).toBe('收藏选手 陈子轩');
    fireEvent.click(screen.getByTestId('fav-player-b'));
    await waitFor(() => expect(screen.getByTestId('fav-player-b').getAttribute('aria-pressed')).toBe('true'));
    expect(api.bodies('/taiqiu/favourites/set')).toEqual([{ player: '陈子轩', on: true }]);
    expect(screen.getByTestId('fav-player-a').getAttribute('aria-pressed')).toBe('false');
    cleanup();
    useSession.setState({ token: null, userInfo: null });
    storage.remove(TOKEN_KEY);

    fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch({ myBets: undefined }) }) });
    const { router } = renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    fireEvent.click(await screen.findByTestId('fav-match'));
    expect(await screen.findByText('请先登录')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(router.state.location.search).toBe('?redirect=%2Ftaiqiu%2F7');
  });

  it('a guest tapping odds sees 请先登录 and goes to /login with a way back', async () => {
    fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch({ myBets: undefined }) }) });
    const { router } = renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    fireEvent.click(await screen.findByTestId('odds-111'));
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    expect(await screen.findByText('请先登录')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(router.state.location.search).toBe('?redirect=%2Ftaiqiu%2F7');
  });
});
