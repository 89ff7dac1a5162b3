import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { BetSlip, type SlipTarget } from './bet-slip';
import { useParlay } from './parlay-store';
import { demoMatch, pick } from './test-fixtures';

vi.mock('../../lib/toast', async (orig) => ({
  ...(await orig<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

const RULES = { maxLegs: 3, maxReturn: 5_000_000, legTypes: ['winner', 'handicap'] };

function renderSlip(target: SlipTarget) {
  fakeApi({
    '/user/info': () => ({ code: 200, data: demoUser }),
    '/taiqiu/parlay/rules': () => ({ code: 200, data: RULES }),
  });
  const onClose = vi.fn();
  const view = renderAt(
    <BetSlip match={demoMatch()} target={target} onClose={onClose} onPlaced={vi.fn()} onReload={vi.fn()} />,
    '/taiqiu/:id',
    '/taiqiu/7',
  );
  return { ...view, onClose };
}

describe('+ 加入串关 in the bet slip', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(showToast).mockClear();
    useParlay.getState().clear();
    useSession.setState({ token: null, userInfo: null });
  });

  it('adds the pick to the parlay and closes the single slip', async () => {
    const { onClose } = renderSlip({ marketId: 11, selectionId: 112 });
    fireEvent.click(await screen.findByTestId('parlay-add'));
    expect(useParlay.getState().legs).toEqual([
      expect.objectContaining({ matchId: 7, marketId: 11, selectionId: 112, odds: 2.05, gameName: '林浩然 vs 陈子轩' }),
    ]);
    expect(showToast).toHaveBeenCalledWith('已加入串关（1 场）', 'success');
    expect(onClose).toHaveBeenCalled();
  });

  it('a second pick of the match replaces the first, and says so', async () => {
    useParlay.setState({ legs: [{ ...pick(7, 111), marketId: 11 }] });
    renderSlip({ marketId: 12, selectionId: 121 });
    fireEvent.click(await screen.findByTestId('parlay-add'));
    expect(useParlay.getState().legs.map((l) => l.selectionId)).toEqual([121]);
    expect(showToast).toHaveBeenCalledWith('已替换本场的串关选项（每场只能选一项）', 'success');
  });

  it('a pick already in the parlay can be taken out; a full parlay takes no other match', async () => {
    useParlay.setState({ legs: [pick(1), pick(2), { ...pick(7, 112), marketId: 11 }] });
    renderSlip({ marketId: 11, selectionId: 112 });
    const inSlip = await screen.findByTestId('parlay-add');
    expect(inSlip.textContent).toBe('已加入串关 · 移出');
    fireEvent.click(inSlip);
    expect(useParlay.getState().legs.map((l) => l.matchId)).toEqual([1, 2]);
    useParlay.setState({ legs: [pick(1), pick(2), pick(3)] });
    expect(await screen.findByText('串关最多 3 场')).toBeTruthy();
    expect((screen.getByTestId('parlay-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is not offered for a market type the rules leave out', async () => {
    renderSlip({ marketId: 14, selectionId: 141 });
    await screen.findByTestId('slip-selection');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('parlay-add')).toBeNull();
  });
});
