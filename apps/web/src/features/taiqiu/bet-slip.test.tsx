import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import type { MatchDetails } from './api/match';
import { BetSlip, type SlipTarget } from './bet-slip';
import { SLIP_TEXTS } from './slip-i18n';
import { demoMatch } from './test-fixtures';
import { FALLBACK_AFTER_MS, RECHECK_MS } from './use-bet-slip';

vi.mock('../../lib/toast', async (orig) => ({
  ...(await orig<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

const user = { ...demoUser, balance: 50_000, frozen: 0, vipLevel: 0 };

/** The fake API with user/info: BET_UPDATED refreshes the player's data (lib/session.ts). */
const slipApi = (handlers: Record<string, Handler>) =>
  fakeApi({ '/user/info': () => ({ code: 200, data: user }), ...handlers });

function renderSlip(match: MatchDetails, target: SlipTarget) {
  const onPlaced = vi.fn();
  const onPending = vi.fn();
  const onReload = vi.fn();
  const onClose = vi.fn();
  let setMatch: (m: MatchDetails) => void = () => {};
  function Harness() {
    const [m, set] = useState(match);
    setMatch = set;
    return (
      <BetSlip
        match={m}
        target={target}
        onClose={onClose}
        onPlaced={onPlaced}
        onPending={onPending}
        onReload={onReload}
      />
    );
  }
  const view = renderAt(<Harness />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
  /** The page's match changes (a live update). */
  const update = (m: MatchDetails) => act(() => setMatch(m));
  return { ...view, onPlaced, onPending, onReload, onClose, update };
}

/** An event as the live connection delivers it (the app-wide handler first, then the slip's). */
const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

/** taiqiu/bet's answer for a bet on a live match: pending until `acceptAt`. */
const pendingAnswer = (betNo: string, acceptAt: string, over: Record<string, unknown> = {}) => ({
  code: 200,
  data: { betNo, status: 'pending', stake: 2_000, odds: 2.05, potentialReturn: 4_100, acceptAt, ...over },
});

/** One of the player's bets as taiqiu/match's myBets has it. */
const myBet = (betNo: string, status: string, odds = 2.05, rejectedReason: string | null = null) =>
  ({
    betNo,
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
  }) as NonNullable<MatchDetails['myBets']>[number];

const phase = () => screen.getByTestId('bet-slip').getAttribute('data-phase');

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
    vi.useRealTimers();
    vi.mocked(showToast).mockClear();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows selection, odds, balance and the potential return as floor(stake × odds)', async () => {
    slipApi({});
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
    const api = slipApi({});
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
    const api = slipApi({
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
    const api = slipApi({ '/taiqiu/bet': () => answers.shift()!() });
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

  it('a bet the market took less of (its liability limit) says the stake taken and the stake asked', async () => {
    slipApi({
      '/taiqiu/bet': () => ({
        code: 200,
        data: { betNo: 'B0002', status: 'open', stake: 1_250, askedStake: 2_000, odds: 1.95, potentialReturn: 2_437 },
      }),
    });
    const { onPlaced } = renderSlip(demoMatch(), { marketId: 14, selectionId: 141 });
    typeStake('20');
    confirm();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ stake: 1_250 })));
    expect(showToast).toHaveBeenCalledWith('该玩法额度有限，已按 ¥12.50 接受（原 ¥20.00）');
    expect(showToast).not.toHaveBeenCalledWith('投注成功', 'success');
  });

  it('odds changed while confirming: clear message, the new odds on the slip, reload, and the retry sends them', async () => {
    let n = 0;
    const api = slipApi({
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
    slipApi({});
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
    slipApi({ '/taiqiu/bet': () => ({ code: 422, msg: '该玩法暂停投注，请稍后再试' }) });
    const { onReload } = renderSlip(demoMatch(), { marketId: 11, selectionId: 111 });
    typeStake('10');
    confirm();
    expect((await screen.findByTestId('slip-notice')).textContent).toBe('该玩法暂停投注，请稍后再试');
    expect(onReload).toHaveBeenCalledOnce();
  });

  describe('a bet on a live match (in-play acceptance)', () => {
    it('is 确认中 with a countdown to acceptAt, then 投注成功 at the odds BET_UPDATED says, the change said', async () => {
      const acceptAt = new Date(Date.now() + 3_000).toISOString();
      slipApi({
        '/taiqiu/preferences': () => ({ code: 200, data: { oddsChange: 'any' } }),
        '/taiqiu/bet': () => pendingAnswer('B0100', acceptAt),
      });
      const { onPlaced, onPending, onClose } = renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      const pending = await screen.findByTestId('slip-pending');
      expect(pending.textContent).toContain('确认中');
      expect(phase()).toBe('pending');
      const first = Number(screen.getByTestId('slip-countdown').textContent);
      expect(first).toBeGreaterThanOrEqual(2);
      expect(first).toBeLessThanOrEqual(3);
      expect(screen.getByTestId('slip-pending-text').textContent).toMatch(/^滚球投注确认中，约 [23] 秒后生效$/);
      expect(screen.queryByTestId('slip-confirm')).toBeNull();
      expect(onPending).toHaveBeenCalledWith(expect.objectContaining({ betNo: 'B0100', status: 'pending' }));
      expect(onPlaced).not.toHaveBeenCalled();
      // The countdown runs.
      await waitFor(() => expect(Number(screen.getByTestId('slip-countdown').textContent)).toBeLessThan(first), {
        timeout: 3_000,
      });
      // News of another bet changes nothing.
      await deliver({
        type: 'BET_UPDATED',
        betNo: 'B0099',
        status: 'rejected',
        odds: 2.05,
        rejectedReason: 'oddsChanged',
      });
      expect(phase()).toBe('pending');

      await deliver({ type: 'BET_UPDATED', betNo: 'B0100', status: 'open', odds: 2.1 });
      expect(phase()).toBe('accepted');
      expect(screen.getByTestId('slip-accepted').textContent).toContain('投注成功');
      expect(screen.getByTestId('slip-accepted-text').textContent).toBe('赔率已变化：2.05 → 2.10，已按新赔率接受');
      expect(screen.getByTestId('slip-odds').textContent).toBe('2.10▲');
      // 2000 × 2.10
      expect(screen.getByTestId('slip-sent-return').textContent).toBe('¥42.00');
      expect(screen.getByTestId('slip-view').getAttribute('href')).toBe('/user/touzhuDetails/taiqiu?betNo=B0100');
      fireEvent.click(screen.getByTestId('slip-done'));
      expect(onClose).toHaveBeenCalled();
      expect(onPlaced).not.toHaveBeenCalled();
    });

    it('accepted at the odds it was placed at says so plainly', async () => {
      slipApi({ '/taiqiu/bet': () => pendingAnswer('B0101', new Date(Date.now() + 3_000).toISOString()) });
      renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      await screen.findByTestId('slip-pending');
      await deliver({ type: 'BET_UPDATED', betNo: 'B0101', status: 'open', odds: 2.05 });
      expect(screen.getByTestId('slip-accepted-text').textContent).toBe('已按赔率 2.05 接受');
      expect(screen.queryByTestId('slip-was')).toBeNull();
    });

    it('rejected: 未接受 with the reason in words and the stake returned; 重新投注 goes back to the stake', async () => {
      let n = 0;
      const api = slipApi({
        '/taiqiu/bet': () => pendingAnswer(`B010${++n + 1}`, new Date(Date.now() + 3_000).toISOString()),
      });
      renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      await screen.findByTestId('slip-pending');
      await deliver({
        type: 'BET_UPDATED',
        betNo: 'B0102',
        status: 'rejected',
        odds: 2.05,
        rejectedReason: 'marketSuspended',
      });
      expect(phase()).toBe('rejected');
      const rejected = screen.getByTestId('slip-rejected');
      expect(rejected.getAttribute('role')).toBe('alert');
      expect(rejected.textContent).toContain('未接受');
      expect(screen.getByTestId('slip-rejected-reason').textContent).toBe('盘口已暂停');
      expect(screen.getByTestId('slip-refunded').textContent).toBe('投注金额 ¥20.00 已退回余额');
      fireEvent.click(screen.getByTestId('slip-again'));
      expect(phase()).toBeNull();
      expect((screen.getByTestId('slip-stake') as HTMLInputElement).value).toBe('20');
      confirm();
      await screen.findByTestId('slip-pending');
      // A new bet: a new request id.
      const ids = api.bodies('/taiqiu/bet').map((b) => b.requestId);
      expect(ids).toHaveLength(2);
      expect(ids[1]).not.toBe(ids[0]);
    });

    it.each([
      ['oddsChanged', '赔率已变化'],
      ['marketClosed', '盘口已关闭'],
      ['matchNotOpen', '比赛已结束'],
      [undefined, '未通过确认'],
    ])('says why it was not accepted: %s → %s', async (reason, text) => {
      slipApi({ '/taiqiu/bet': () => pendingAnswer('B0103', new Date(Date.now() + 3_000).toISOString()) });
      renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      await screen.findByTestId('slip-pending');
      await deliver({
        type: 'BET_UPDATED',
        betNo: 'B0103',
        status: 'rejected',
        odds: 2.05,
        ...(reason ? { rejectedReason: reason } : {}),
      });
      expect(screen.getByTestId('slip-rejected-reason').textContent).toBe(text);
    });

    it('no BET_UPDATED by acceptAt + 10 s (socket down): asks for the match, every 5 s, until its myBets decide', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
      slipApi({ '/taiqiu/bet': () => pendingAnswer('B0104', new Date(Date.now() + 3_000).toISOString()) });
      const view = renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      await flush();
      typeStake('20');
      confirm();
      await flush(10);
      expect(phase()).toBe('pending');
      expect(screen.getByTestId('slip-countdown').textContent).toBe('3');
      await flush(1_000);
      expect(screen.getByTestId('slip-countdown').textContent).toBe('2');
      await flush(2_000);
      expect(screen.getByTestId('slip-countdown').textContent).toBe('0');
      expect(screen.getByTestId('slip-pending-text').textContent).toBe('即将完成确认…');
      expect(view.onReload).not.toHaveBeenCalled();
      await flush(FALLBACK_AFTER_MS - 100);
      expect(view.onReload).not.toHaveBeenCalled();
      await flush(100);
      expect(view.onReload).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('slip-pending-text').textContent).toBe('正在查询投注结果…');
      // The page's match still has it pending: asked again 5 s later.
      await view.update(demoMatch({ myBets: [myBet('B0104', 'pending')] }));
      expect(phase()).toBe('pending');
      await flush(RECHECK_MS);
      expect(view.onReload).toHaveBeenCalledTimes(2);
      // Now the match has it open: accepted, and no more asking.
      await view.update(demoMatch({ myBets: [myBet('B0104', 'open', 1.98)] }));
      expect(phase()).toBe('accepted');
      expect(screen.getByTestId('slip-accepted-text').textContent).toBe('赔率已变化：2.05 → 1.98，已按新赔率接受');
      await flush(RECHECK_MS * 3);
      expect(view.onReload).toHaveBeenCalledTimes(2);
    });

    it('the match reloaded with the bet rejected (no BET_UPDATED seen): 未接受 with its reason, the stake returned', async () => {
      slipApi({ '/taiqiu/bet': () => pendingAnswer('B0105', new Date(Date.now() + 3_000).toISOString()) });
      const view = renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      await screen.findByTestId('slip-pending');
      await view.update(demoMatch({ myBets: [myBet('B0105', 'rejected', 2.05, 'marketClosed')] }));
      expect(phase()).toBe('rejected');
      expect(screen.getByTestId('slip-rejected-reason').textContent).toBe('盘口已关闭');
      expect(screen.getByTestId('slip-refunded').textContent).toBe('投注金额 ¥20.00 已退回余额');
    });

    it('a rejected bet in myBets without a reason says only that it was not accepted', async () => {
      slipApi({ '/taiqiu/bet': () => pendingAnswer('B0106', new Date(Date.now() + 3_000).toISOString()) });
      const view = renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      await screen.findByTestId('slip-pending');
      await view.update(demoMatch({ myBets: [myBet('B0106', 'rejected')] }));
      expect(phase()).toBe('rejected');
      expect(screen.getByTestId('slip-rejected-reason').textContent).toBe('未通过确认');
    });

    it('BET_UPDATED before taiqiu/bet answers: the slip shows the decision as soon as the answer names the bet', async () => {
      let answer!: () => void;
      slipApi({
        '/taiqiu/bet': async () => {
          await new Promise<void>((r) => (answer = r));
          return pendingAnswer('B0107', new Date(Date.now() + 3_000).toISOString());
        },
      });
      renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      typeStake('20');
      confirm();
      await waitFor(() => expect(answer).toBeTypeOf('function'));
      // Still placing: the form, no sent bet yet.
      expect(phase()).toBeNull();
      await deliver({
        type: 'BET_UPDATED',
        betNo: 'B0107',
        status: 'rejected',
        odds: 2.05,
        rejectedReason: 'oddsChanged',
      });
      await act(async () => answer());
      await waitFor(() => expect(phase()).toBe('rejected'));
      expect(screen.getByTestId('slip-rejected-reason').textContent).toBe('赔率已变化');
    });

    it('a bet on a match not yet started is placed at once, as before: no countdown', async () => {
      slipApi({
        '/taiqiu/bet': () => ({
          code: 200,
          data: { betNo: 'B0106', status: 'open', stake: 2_000, odds: 2.05, potentialReturn: 4_100 },
        }),
      });
      const { onPlaced, onPending } = renderSlip(demoMatch({ status: 'scheduled' }), {
        marketId: 11,
        selectionId: 112,
      });
      // Its bets are taken at once: the in-play preference is not on its slip.
      expect(screen.queryByTestId('odds-change')).toBeNull();
      typeStake('20');
      confirm();
      await waitFor(() => expect(onPlaced).toHaveBeenCalled());
      expect(onPending).not.toHaveBeenCalled();
      expect(screen.queryByTestId('slip-pending')).toBeNull();
      expect(showToast).toHaveBeenCalledWith('投注成功', 'success');
    });
  });

  describe('赔率变化时 (the price-change preference) on the slip', () => {
    it('shows the saved choice; a new one shows at once and is saved', async () => {
      let release: () => void = () => {};
      let saved = 'better';
      const api = slipApi({
        '/taiqiu/preferences': () => ({ code: 200, data: { oddsChange: saved } }),
        '/taiqiu/preferences/set': (body) =>
          new Promise((resolve) => {
            release = () => {
              saved = String(body.oddsChange);
              resolve({ code: 200, data: { oddsChange: saved } });
            };
          }),
      });
      renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      await waitFor(() => expect(screen.getByTestId('odds-change-value').textContent).toBe('只接受更高赔率'));
      expect(screen.queryByTestId('odds-change-options')).toBeNull();
      fireEvent.click(screen.getByTestId('odds-change-toggle'));
      expect(screen.getByTestId('odds-change-toggle').getAttribute('aria-expanded')).toBe('true');
      const options = screen.getAllByRole('radio').map((r) => [r.textContent, r.getAttribute('aria-checked')]);
      expect(options).toEqual([
        ['不接受赔率变化赔率一有变化即不接受，本金退回', 'false'],
        ['只接受更高赔率赔率升高按新赔率接受，降低则不接受', 'true'],
        ['接受任何赔率变化无论升降，均按新赔率接受', 'false'],
      ]);
      fireEvent.click(screen.getByTestId('odds-change-any'));
      // Shown before the answer, the choices closed.
      expect(screen.queryByTestId('odds-change-options')).toBeNull();
      await waitFor(() => expect(screen.getByTestId('odds-change-value').textContent).toBe('接受任何赔率变化'));
      await waitFor(() => expect(api.bodies('/taiqiu/preferences/set')).toEqual([{ oddsChange: 'any' }]));
      release();
      await waitFor(() => expect(api.count('/taiqiu/preferences')).toBe(2));
      expect(screen.getByTestId('odds-change-value').textContent).toBe('接受任何赔率变化');
      expect(showToast).not.toHaveBeenCalled();
      // Choosing the same again saves nothing.
      fireEvent.click(screen.getByTestId('odds-change-toggle'));
      fireEvent.click(screen.getByTestId('odds-change-any'));
      expect(api.count('/taiqiu/preferences/set')).toBe(1);
    });

    it('a failed save puts the choice before back and says why in a toast', async () => {
      let fail: () => void = () => {};
      slipApi({
        '/taiqiu/preferences': () => ({ code: 200, data: { oddsChange: 'none' } }),
        '/taiqiu/preferences/set': () =>
          new Promise((resolve) => (fail = () => resolve({ code: 500, msg: '服务繁忙，请稍后再试' }))),
      });
      renderSlip(demoMatch(), { marketId: 11, selectionId: 112 });
      await waitFor(() => expect(screen.getByTestId('odds-change-value').textContent).toBe('不接受赔率变化'));
      fireEvent.click(screen.getByTestId('odds-change-toggle'));
      fireEvent.click(screen.getByTestId('odds-change-better'));
      await waitFor(() => expect(screen.getByTestId('odds-change-value').textContent).toBe('只接受更高赔率'));
      fail();
      await waitFor(() => expect(showToast).toHaveBeenCalledWith('设置未保存：服务繁忙，请稍后再试', 'fail'));
      expect(screen.getByTestId('odds-change-value').textContent).toBe('不接受赔率变化');
      expect(screen.getByTestId('odds-change').getAttribute('data-value')).toBe('none');
    });
  });
});

it('every text of the slip once an in-play bet is sent has a Chinese and an English version', () =>
  expectBothLanguages(SLIP_TEXTS));
