import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const match = {
  id: 11,
  playerA: { name: 'Ding', avatar: '' },
  playerB: { name: 'Ronnie', avatar: '' },
  bestOf: 9,
  startAt: '2026-11-23T10:00:00Z',
  status: 'live',
  score: { a: 3, b: 2 },
  mainOdds: null,
  seedHash: null,
  frame: null,
  serverSeed: null,
  openBets: 42,
  markets: [
    {
      id: 111,
      type: 'winner',
      name: '独赢',
      status: 'open',
      minStake: 1000,
      maxStake: 500000,
      selections: [
        { id: 1101, pick: 'a', name: 'Ding', odds: 1.85 },
        { id: 1102, pick: 'b', name: 'Ronnie', odds: 1.95 },
      ],
    },
  ],
};

function fake() {
  return fakeApi({
    '/auth/me': () => ({
      data: {
        operator: { username: 'risk01', role: 'risk' },
        expiresAt: '2099-01-01T00:00:00Z',
        timeZone: 'Asia/Shanghai',
      },
    }),
    '/queues': () => ({ data: { manualDeposits: 0, withdrawalsReviewing: 0, withdrawalsApproved: 0, newestAt: null } }),
    '/taiqiu/matches': () => page([match]),
    '/taiqiu/odds/set': () => ({ data: match.markets[0] }),
    '/taiqiu/market/suspend': () => ({ data: { id: 111, status: 'suspended' } }),
    '/taiqiu/match/result': () => ({
      data: { id: 11, status: 'finished', settledBets: 42, at: '2026-11-23T12:00:00Z' },
    }),
  });
}

describe('billiards', () => {
  it('sets the odds of a selection and suspends a market', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    await screen.findByText('3 : 2');
    expect(screen.getByRole('link', { name: '事件' }).getAttribute('href')).toBe('/feed?match=11');
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    const odds = await screen.findByLabelText('Ding odds');
    fireEvent.change(odds, { target: { value: '1.9' } });
    fireEvent.blur(odds);
    const card = odds.closest('.ant-card') as HTMLElement;
    fireEvent.click(within(card).getAllByRole('button', { name: /保\s*存/ })[0]!);
    await waitFor(() => expect(api.count('/taiqiu/odds/set')).toBe(1));
    expect(api.last('/taiqiu/odds/set')!.body).toEqual({ selectionId: 1101, odds: 1.9 });

    fireEvent.click(within(card).getByRole('button', { name: /暂\s*停/ }));
    await waitFor(() => expect(api.last('/taiqiu/market/suspend')?.body).toEqual({ marketId: 111 }));
  });

  it('enters the result: the final score settles the open bets', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    await screen.findByText('3 : 2');
    fireEvent.click(screen.getByRole('button', { name: /操作/ }));
    fireEvent.click(await screen.findByText('录入赛果'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Ding'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.count('/taiqiu/match/result')).toBe(1));
    expect(api.last('/taiqiu/match/result')!.body).toEqual({ matchId: 11, a: 5, b: 2 });
    expect(await screen.findByText('已结算 42 张注单')).toBeTruthy();
  });
});
