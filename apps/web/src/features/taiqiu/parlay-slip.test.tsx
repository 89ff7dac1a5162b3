import { parlay } from '@breakshot/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import { ParlayDock } from './parlay-dock';
import { PARLAY_TEXTS } from './parlay-i18n';
import { useParlay, type ParlayPick } from './parlay-store';
import { pick } from './test-fixtures';

vi.mock('../../lib/toast', async (orig) => ({
  ...(await orig<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

const user = { ...demoUser, balance: 50_000, frozen: 0 };
const RULES = { maxLegs: 10, maxReturn: 5_000_000, legTypes: ['winner', 'handicap'] };
/** Three legs at 1.80, 2.05 and 1.50. */
const THREE = [pick(1, 101, 1.8), pick(2, 201, 2.05), pick(3, 301, 1.5)];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const api = (handlers: Record<string, Handler> = {}) =>
  fakeApi({
    '/user/info': () => ({ code: 200, data: user }),
    '/taiqiu/parlay/rules': () => ({ code: 200, data: RULES }),
    ...handlers,
  });

/** taiqiu/parlay's answer for the legs sent. */
const slipAnswer = (body: Record<string, unknown>, status = 'open', betNo = 'P260101000001') => {
  const legs = body.legs as { matchId: number; marketId: number; selectionId: number; odds: number }[];
  const sizes = body.sizes as number[];
  const unit = body.unitStake as number;
  const combinations = parlay.comboCount(legs.length, sizes);
  return {
    code: 200,
    data: {
      betNo,
      status,
      system: parlay.systemName(legs.length, sizes),
      sizes,
      combinations,
      unitStake: unit,
      stake: unit * combinations,
      potentialReturn: parlay.potentialReturn(
        unit,
        legs.map((l) => Math.round(l.odds * 1000)),
        sizes,
      ),
      legs: legs.map((l) => ({
        ...l,
        gameName: `甲${l.matchId} vs 乙${l.matchId}`,
        marketName: '独赢',
        selectionName: `甲${l.matchId}`,
        result: null,
      })),
      awaitingCorrection: false,
    },
  };
};

function open(legs: ParlayPick[]) {
  useParlay.setState({ legs });
  const view = renderAt(<ParlayDock />, '*', '/taiqiu/1');
  fireEvent.click(screen.getByTestId('parlay-bar'));
  return view;
}

const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

const typeUnit = (v: string) => fireEvent.change(screen.getByTestId('parlay-stake'), { target: { value: v } });
const system = (name: string) => screen.getAllByTestId('parlay-system').find((b) => b.dataset.system === name)!;
const confirm = () => fireEvent.click(screen.getByTestId('parlay-confirm'));
const phase = () => screen.getByTestId('parlay-slip').getAttribute('data-phase');
const text = (id: string) => screen.getByTestId(id).textContent;

describe('the parlay slip', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: user });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(showToast).mockClear();
    useParlay.getState().clear();
    useSession.setState({ token: null, userInfo: null });
  });

  it('texts: every key in both languages', () => expectBothLanguages(PARLAY_TEXTS));

  it('shows the legs, offers the systems of the shared maths (N串1 chosen) and the figures they give', async () => {
    api();
    open(THREE);
    expect(text('parlay-bar-count')).toBe('3');
    expect(screen.getAllByTestId('parlay-leg').map((l) => l.textContent)).toEqual([
      expect.stringContaining('甲1 vs 乙1 · 独赢甲11.80'),
      expect.stringContaining('2.05'),
      expect.stringContaining('1.50'),
    ]);
    await screen.findByTestId('parlay-max-return');
    expect(screen.getAllByTestId('parlay-system').map((b) => b.dataset.system)).toEqual(['3串1', '3串4', '3串3']);
    expect(system('3串1').getAttribute('aria-checked')).toBe('true');
    typeUnit('10');
    // 3串1: one treble, floor(1000 × 1.8 × 2.05 × 1.5) = 5535.
    expect(text('parlay-combos')).toBe('1 注');
    expect(text('parlay-total')).toBe('¥10.00');
    expect(text('parlay-return')).toBe('¥55.35');
    fireEvent.click(system('3串4'));
    expect(system('3串4').getAttribute('aria-checked')).toBe('true');
    // 3串4: three doubles (3690 + 2700 + 3075) and the treble (5535).
    expect(text('parlay-combos')).toBe('4 注');
    expect(text('parlay-total')).toBe('¥40.00');
    expect(text('parlay-return')).toBe('¥150.00');
    expect(text('parlay-max-return')).toContain('串关可赢上限 ¥50,000.00');
  });

  it('refuses a unit stake whose return is above the rules’ maximum, or whose total is above the balance', async () => {
    const fake = api();
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    fireEvent.click(system('3串4'));
    typeUnit('4000'); // return 600,000 > 50,000
    expect(text('parlay-stake-error')).toBe('最高可赢超过串关上限 ¥50,000.00，请减少每注金额');
    typeUnit('200'); // total 800 > balance 500
    expect(text('parlay-stake-error')).toBe('余额不足（总投注 ¥800.00）');
    confirm();
    expect(fake.of('/taiqiu/parlay')).toHaveLength(0);
  });

  it('places the slip with its legs, sizes, the unit stake in cents and a request id; accepted empties the legs', async () => {
    const fake = api({ '/taiqiu/parlay': (body) => slipAnswer(body) });
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    fireEvent.click(system('3串4'));
    typeUnit('12.5');
    confirm();
    await waitFor(() => expect(phase()).toBe('accepted'));
    const [body] = fake.bodies('/taiqiu/parlay');
    expect(body).toEqual({
      legs: [
        { matchId: 1, marketId: 11, selectionId: 101, odds: 1.8 },
        { matchId: 2, marketId: 21, selectionId: 201, odds: 2.05 },
        { matchId: 3, marketId: 31, selectionId: 301, odds: 1.5 },
      ],
      sizes: [2, 3],
      unitStake: 1_250,
      requestId: expect.stringMatching(UUID),
    });
    expect(text('parlay-accepted')).toContain('投注成功');
    expect(text('parlay-sent-system')).toBe('3串4');
    expect(screen.getAllByTestId('parlay-sent-leg')).toHaveLength(3);
    // The legs leave the collection in an effect after the accepted slip is drawn.
    await waitFor(() => expect(useParlay.getState().legs).toEqual([]));
    expect(showToast).toHaveBeenCalledWith('投注成功', 'success');
  });

  it('a leg whose odds moved shows the new odds on that leg; confirming again takes them', async () => {
    let calls = 0;
    const fake = api({
      '/taiqiu/parlay': (body) =>
        ++calls === 1
          ? { code: 409, msg: '赔率已变化', data: { field: 'legs.1.odds', currentOdds: 2.2 } }
          : slipAnswer(body),
    });
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    typeUnit('10');
    confirm();
    const note = await screen.findByTestId('parlay-leg-error');
    expect(note.textContent).toBe('赔率已变化：2.05 → 2.20，再次确认将按新赔率投注');
    expect(note.closest('li')!.getAttribute('data-match-id')).toBe('2');
    expect(screen.getAllByTestId('parlay-leg-odds').map((o) => o.textContent)).toEqual(['1.80', '2.20', '1.50']);
    expect((screen.getByTestId('parlay-accept') as HTMLInputElement).checked).toBe(true);
    // floor(1000 × 1.8 × 2.2 × 1.5) = 5940
    expect(text('parlay-return')).toBe('¥59.40');
    confirm();
    await waitFor(() => expect(phase()).toBe('accepted'));
    const [first, second] = fake.bodies('/taiqiu/parlay');
    expect(first!.acceptOddsChange).toBeUndefined();
    expect(second).toMatchObject({ acceptOddsChange: true, legs: [{ odds: 1.8 }, { odds: 2.2 }, { odds: 1.5 }] });
    // The first attempt was answered: the second is a new action, with a new id.
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('sends the same request id again after no answer came', async () => {
    let calls = 0;
    const fake = api({
      '/taiqiu/parlay': (body) => (++calls === 1 ? Promise.reject(new TypeError('offline')) : slipAnswer(body)),
    });
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    typeUnit('10');
    confirm();
    expect((await screen.findByTestId('parlay-notice')).textContent).toBeTruthy();
    confirm();
    await waitFor(() => expect(phase()).toBe('accepted'));
    const [first, second] = fake.bodies('/taiqiu/parlay');
    expect(second!.requestId).toBe(first!.requestId);
  });

  it('shows a refusal at its place: the unit stake, or a leg', async () => {
    let calls = 0;
    api({
      '/taiqiu/parlay': () =>
        ++calls === 1
          ? { code: 422, msg: '单注最低 ¥20.00', data: { field: 'unitStake' } }
          : { code: 422, msg: '该玩法暂停投注', data: { field: 'legs.2' } },
    });
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    typeUnit('10');
    confirm();
    expect((await screen.findByTestId('parlay-stake-error')).textContent).toBe('单注最低 ¥20.00');
    confirm();
    const note = await screen.findByTestId('parlay-leg-error');
    expect(note.textContent).toBe('该玩法暂停投注');
    expect(note.closest('li')!.getAttribute('data-match-id')).toBe('3');
    expect(screen.queryByTestId('parlay-stake-error')).toBeNull();
  });

  it('a slip with a live leg is pending (确认中) until BET_UPDATED accepts it', async () => {
    api({ '/taiqiu/parlay': (body) => slipAnswer(body, 'pending', 'P2') });
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    typeUnit('10');
    confirm();
    await waitFor(() => expect(phase()).toBe('pending'));
    expect(text('parlay-pending')).toContain('确认中');
    expect(screen.getByTestId('slip-countdown').textContent).toMatch(/^[0-3]$/);
    expect(useParlay.getState().legs).toHaveLength(3);
    // Another bet's news changes nothing; a single bet's (odds a number) is not the parlay's.
    await deliver({ type: 'BET_UPDATED', betNo: 'OTHER', status: 'open', odds: null });
    await deliver({ type: 'BET_UPDATED', betNo: 'P2', status: 'open', odds: 1.8 });
    expect(phase()).toBe('pending');
    await deliver({ type: 'BET_UPDATED', betNo: 'P2', status: 'open', odds: null });
    expect(phase()).toBe('accepted');
    expect(useParlay.getState().legs).toEqual([]);
  });

  it('a pending slip rejected says why, keeps the legs and goes back to them', async () => {
    api({ '/taiqiu/parlay': (body) => slipAnswer(body, 'pending', 'P3') });
    open(THREE);
    await screen.findByTestId('parlay-max-return');
    typeUnit('10');
    confirm();
    await waitFor(() => expect(phase()).toBe('pending'));
    await deliver({ type: 'BET_UPDATED', betNo: 'P3', status: 'rejected', odds: null, rejectedReason: 'oddsChanged' });
    expect(phase()).toBe('rejected');
    expect(text('parlay-rejected-reason')).toBe('赔率已变化');
    expect(useParlay.getState().legs).toHaveLength(3);
    fireEvent.click(screen.getByTestId('parlay-again'));
    expect(phase()).toBe('editing');
    expect((screen.getByTestId('parlay-stake') as HTMLInputElement).value).toBe('10');
  });

  it('with one leg confirm is disabled and says why; removing it leaves the empty state', async () => {
    api();
    open([pick(1)]);
    await screen.findByTestId('parlay-max-return');
    expect((screen.getByTestId('parlay-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(text('parlay-need-more')).toBe('再选 1 场赛事即可串关');
    expect(screen.queryByTestId('parlay-system')).toBeNull();
    fireEvent.click(screen.getByTestId('parlay-leg-remove'));
    expect(text('parlay-empty')).toContain('选择至少 2 场赛事组成串关');
    expect(screen.queryByTestId('parlay-bar')).toBeNull();
  });

  it('says so while the rules load', async () => {
    let release: () => void = () => {};
    api({
      '/taiqiu/parlay/rules': () => new Promise((r) => (release = () => r({ code: 200, data: RULES }))),
    });
    open(THREE);
    expect(await screen.findByTestId('parlay-loading')).toBeTruthy();
    expect((screen.getByTestId('parlay-confirm') as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByTestId('parlay-max-return')).toBeTruthy();
  });
});
