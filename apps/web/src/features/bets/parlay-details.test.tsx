import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import { PARLAY_DETAIL_TEXTS } from '../../components/bets/parlay-i18n';
import TouzhuDetailsPage from './touzhu-details-page';

const leg = (matchId: number, odds: number, result: 'won' | 'lost' | 'void' | null) => ({
  matchId,
  marketId: matchId * 10 + 1,
  selectionId: matchId * 100 + 1,
  gameName: `甲${matchId} vs 乙${matchId}`,
  marketName: '独赢',
  selectionName: `甲${matchId}`,
  odds,
  result,
});

const parlayBet = {
  betNo: 'P260101000001',
  gameType: 'taiqiu',
  gameName: '串关 3串4',
  stake: 4_000,
  validBet: 4_000,
  payout: 0,
  status: 'open',
  rejectedReason: null,
  createdAt: '2026-01-01T10:00:00Z',
  settledAt: null,
  marketName: '3串4',
  selectionName: '甲1 / 甲2 / 甲3',
  odds: null,
  potentialReturn: 15_000,
  result: null,
  roundId: 'P260101000001',
  round: null,
  marketType: null,
  pick: null,
  line: null,
  winLoss: null,
  heldPayout: 0,
  cashoutStake: 0,
  cashoutPaid: 0,
  cashouts: [],
  parlay: {
    system: '3串4',
    sizes: [2, 3],
    combinations: 4,
    unitStake: 1_000,
    potentialReturn: 15_000,
    legs: [leg(1, 1.8, 'won'), leg(2, 2.05, null), leg(3, 1.5, 'void')],
    awaitingCorrection: false,
  },
};

describe('a parlay in the bet details', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('texts: every key in both languages', () => expectBothLanguages(PARLAY_DETAIL_TEXTS));

  it('shows its system, unit stake × combinations, potential return and each leg with its own status', async () => {
    fakeApi({ '/user/betRecord/details': () => ({ code: 200, data: parlayBet }) });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=P260101000001');
    const details = await screen.findByTestId('parlay-details');
    expect(screen.getByTestId('parlay-detail-system').textContent).toBe('串关 3串4');
    expect(screen.getByTestId('parlay-detail-unit').textContent).toBe('每注 ¥10.00 × 4 注');
    expect(details.textContent).toContain('¥150.00');
    const legs = screen.getAllByTestId('parlay-detail-leg');
    expect(legs.map((l) => l.dataset.result)).toEqual(['won', 'open', 'void']);
    expect(legs.map((l) => l.querySelector('[data-testid=parlay-detail-result]')!.textContent)).toEqual([
      '赢',
      '未结算',
      '走盘',
    ]);
    expect(legs[1]!.textContent).toContain('甲2 vs 乙2');
    expect(legs[1]!.textContent).toContain('独赢 · 甲2 @ 2.05');
    expect(screen.queryByTestId('parlay-awaiting-correction')).toBeNull();
  });

  it('a slip a correction left undecided says it will be settled again', async () => {
    const lostFirst = { ...parlayBet, status: 'lost', payout: 0 };
    fakeApi({
      '/user/betRecord/details': () => ({
        code: 200,
        data: { ...lostFirst, parlay: { ...parlayBet.parlay, awaitingCorrection: true } },
      }),
    });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=P260101000001');
    const note = await screen.findByTestId('parlay-awaiting-correction');
    expect(note.textContent).toBe('赛果已更正：本串关待其余场次结束后，按更正后的结果重新结算。');
  });

  it('a single bet shows no parlay block', async () => {
    fakeApi({
      '/user/betRecord/details': () => ({
        code: 200,
        data: { ...parlayBet, gameName: '甲1 vs 乙1', odds: 1.8, parlay: null },
      }),
    });
    renderAt(<TouzhuDetailsPage />, '/user/touzhuDetails/:gameType', '/user/touzhuDetails/taiqiu?betNo=P260101000001');
    await screen.findByTestId('bet-details');
    expect(screen.queryByTestId('parlay-details')).toBeNull();
  });
});
