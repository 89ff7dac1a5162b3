import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { MatchDetails } from './api/match';
import { BetSlip, type SlipTarget } from './bet-slip';
import { demoMatch } from './test-fixtures';

const user = { ...demoUser, balance: 50_000, frozen: 0, vipLevel: 0 };

function renderSlip(match: MatchDetails, target: SlipTarget) {
  const onPlaced = vi.fn();
  const onReload = vi.fn();
  const onClose = vi.fn();
  let setMatch: (m: MatchDetails) => void = () => {};
  function Harness() {
    const [m, set] = useState(match);
    setMatch = set;
    return <BetSlip match={m} target={target} onClose={onClose} onPlaced={onPlaced} onReload={onReload} />;
  }
  const view = renderAt(<Harness />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
  /** The page's match changes (a live update). */
  const update = (m: MatchDetails) => act(() => setMatch(m));
  return { ...view, onPlaced, onReload, onClose, update };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const typeStake = (v: string) => fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: v } });
const confirm = () => fireEvent.click(screen.getByTestId('slip-confirm'));

describe('bet slip', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: user });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows selection, odds, balance and the potential return as floor(stake × odds)', async () => {
    fakeApi({});
    renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
    expect((await screen.findByTestId('slip-selection')).textContent).toBe('陈子轩');
    expect(screen.getByTestId('slip-odds').textContent).toBe('2.05');
    expect(screen.getByTestId('slip-balance').textContent).toContain('¥500.00');
    typeStake('12.34');
    // 1234 × 2.05 = 2529.7 → 2529
    expect(screen.getByTestId('slip-return').textContent).toBe('¥25.29');
    fireEvent.click(screen.getByRole('button', { name: '¥100' }));
    expect(screen.getByTestId('slip-return').textContent).toBe('¥205.00');
  });

  it('validates the stake against the market limits and the balance as the player types', async () => {
    const api = fakeApi({});
    renderSlip(demoMatch(), { marketId: 11, selectionId: 111 });
    typeStake('5');
    expect((await screen.findByTestId('slip-stake-error')).textContent).toBe('单注最低 ¥10.00');
    expect(screen.getByTestId('slip-return').textContent).toBe('—');
    typeStake('10001');
    expect(screen.getByTestId('slip-stake-error').textContent).toBe('单注最高 ¥10,000.00');
    typeStake('600');
    expect(screen.getByTestId('slip-stake-error').textContent).toBe('余额不足');
    confirm();
    typeStake('10');
    expect(screen.queryByTestId('slip-stake-error')).toBeNull();
    expect(api.of('/taiqiu/bet')).toHaveLength(0);
  });

  it('places the bet once with integer stake and the shown odds, even when pressed twice', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      '/taiqiu/bet': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              code: 200,
              data: { betNo: 'B0001', status: 'open', stake: 2000, odds: 1.95, potentialReturn: 3900 },
            });
        }),
    });
    const { onPlaced } = renderSlip(demoMatch(), { marketId: 14, selectionId: 141 });
    typeStake('20');
    fireEvent.click(screen.getByTestId('slip-accept'));
    confirm();
    confirm();
    await waitFor(() => expect(api.of('/taiqiu/bet')).toHaveLength(1));
    expect((screen.getByTestId('slip-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('slip-confirm').textContent).toContain('提交中');
    release();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ betNo: 'B0001' })));
    expect(api.of('/taiqiu/bet')).toHaveLength(1);
    expect(api.of('/taiqiu/bet')[0]!.body).toEqual({
      matchId: 7,
      marketId: 14,
      selectionId: 141,
      stake: 2000,
      odds: 1.95,
      acceptOddsChange: true,
      requestId: expect.stringMatching(UUID),
    });
  });

  it('no answer (network failure): confirming again sends the same requestId; an answer ends it', async () => {
    const answers: (() => { code: number; msg?: string; data?: unknown })[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ code: 422, msg: '余额不足' }),
      () => ({ code: 200, data: { betNo: 'B0003', status: 'open', stake: 1000, odds: 1.8, potentialReturn: 1800 } }),
    ];
    const api = fakeApi({ '/taiqiu/bet': () => answers.shift()!() });
    const { onPlaced } = renderSlip(demoMatch(), { marketId: 11, selectionId: 111 });
    typeStake('10');
    confirm();
    expect((await screen.findByTestId('slip-notice')).textContent).toBe('网络异常，请检查网络后重试');
    confirm();
    await waitFor(() => expect(screen.getByTestId('slip-notice').textContent).toBe('余额不足'));
    confirm();
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    const ids = api.bodies('/taiqiu/bet').map((b) => b.requestId);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(UUID);
    // The retry after no answer reuses the id; after the refusal the next confirm is a new bet.
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
  });

  it('odds changed while confirming: clear message, the new odds on the slip, reload, and the retry sends them', async () => {
    let n = 0;
    const api = fakeApi({
      '/taiqiu/bet': () =>
        ++n === 1
          ? { code: 409, msg: '赔率已变化，当前赔率 2.1', data: { field: 'odds', currentOdds: 2.1 } }
          : { code: 200, data: { betNo: 'B0002', status: 'open', stake: 10000, odds: 2.1, potentialReturn: 21000 } },
    });
    const { onReload, onPlaced } = renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
    typeStake('100');
    confirm();
    const notice = await screen.findByTestId('slip-notice');
    expect(notice.textContent).toBe('赔率已变化：2.05 → 2.10，请确认新赔率后再投注');
    expect(screen.getByTestId('slip-odds').textContent).toBe('2.10▲');
    expect(screen.getByTestId('slip-was').textContent).toBe('原 2.05');
    expect(screen.getByTestId('slip-return').textContent).toBe('¥210.00');
    expect(onReload).toHaveBeenCalledOnce();
    expect(onPlaced).not.toHaveBeenCalled();
    confirm();
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(api.of('/taiqiu/bet')[1]!.body).toMatchObject({ odds: 2.1 });
    expect(api.of('/taiqiu/bet')[1]!.body).not.toHaveProperty('acceptOddsChange');
  });

  it('follows live odds and shows the market suspended, with confirm disabled', async () => {
    fakeApi({});
    const view = renderSlip(demoMatch(), { marketId: 11, selectionId: 111 });
    expect((await screen.findByTestId('slip-odds')).textContent).toBe('1.80');
    const moved = demoMatch();
    moved.markets[0]!.selections[0]!.odds = 1.72;
    view.update(moved);
    expect((await screen.findByTestId('slip-odds')).textContent).toBe('1.72▼');
    const suspended = demoMatch();
    suspended.markets[0]!.status = 'suspended';
    view.update(suspended);
    expect((await screen.findByTestId('slip-closed')).textContent).toBe('该玩法暂停投注，恢复后即可继续');
    expect((screen.getByTestId('slip-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a market closed while confirming shows the server message and reloads', async () => {
    fakeApi({ '/taiqiu/bet': () => ({ code: 422, msg: '该玩法暂停投注，请稍后再试' }) });
    const { onReload } = renderSlip(demoMatch(), { marketId: 11, selectionId: 111 });
    typeStake('10');
    confirm();
    expect((await screen.findByTestId('slip-notice')).textContent).toBe('该玩法暂停投注，请稍后再试');
    expect(onReload).toHaveBeenCalledOnce();
  });
});
