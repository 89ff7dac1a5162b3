import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import TouzhulogsPage from './touzhulogs-page';
import TouzhutaiqiuPage from './touzhutaiqiu-page';

const record = (over: Record<string, unknown>) => ({
  betNo: 'T1',
  gameType: 'taiqiu',
  gameName: '林浩然 vs 陈子轩',
  stake: 10_000,
  validBet: 0,
  payout: 0,
  status: 'open',
  rejectedReason: null,
  createdAt: '2026-01-01T10:00:00Z',
  settledAt: null,
  marketName: '独赢',
  selectionName: '林浩然',
  odds: 1.95,
  potentialReturn: 19_500,
  result: null,
  cashoutStake: 0,
  cashoutPaid: 0,
  ...over,
});

/** T1 and T2 open billiards bets; T3 a settled one, T4 an open slots round: neither may be cashed out. */
const RECORDS = [
  record({}),
  record({ betNo: 'T2', selectionName: '陈子轩' }),
  record({ betNo: 'T3', status: 'won', payout: 19_500, validBet: 10_000, settledAt: '2026-01-01T11:00:00Z' }),
  record({ betNo: 'T4', gameType: 'slots', gameName: '水果机', marketName: null, selectionName: null, odds: null }),
];

const value = (betNo: string, over: Record<string, unknown> = {}) => ({
  betNo,
  runningStake: 10_000,
  value: 12_345,
  unavailable: null,
  autoAt: null,
  ...over,
});

const quote = (quoteId: string, over: Record<string, unknown> = {}) => ({
  quoteId,
  betNo: 'T1',
  runningStake: 10_000,
  value: 12_345,
  expiresAt: new Date(Date.now() + 5_000).toISOString(),
  ...over,
});

const list = () => ({
  code: 200,
  data: {
    list: RECORDS,
    total: RECORDS.length,
    page: 1,
    pageSize: 20,
    summary: { count: 4, stake: 40_000, validBet: 10_000, payout: 19_500, winLoss: 9_500 },
  },
});

function cashoutApi(handlers: Record<string, Handler> = {}) {
  return fakeApi({
    '/user/info': () => ({ code: 200, data: demoUser }),
    '/user/betRecord/list': list,
    '/taiqiu/cashout/values': () => ({ code: 200, data: { bets: [value('T1'), value('T2')] } }),
    '/taiqiu/cashout/quote': () => ({ code: 200, data: quote('Q1') }),
    ...handlers,
  });
}

/** An event as the live connection delivers it (the app-wide handler first, then the page's). */
const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

const button = (betNo: string) =>
  document.querySelector(
    `[data-testid=cashout-bar][data-cashout-of="${betNo}"] [data-testid=cashout-button]`,
  ) as HTMLButtonElement | null;

async function openPage() {
  renderAt(<TouzhulogsPage />, '/user/touzhulogs', '/user/touzhulogs');
  await waitFor(() => expect(button('T1')!.textContent).toBe('提前结算 ¥123.45'));
}

async function openSheet() {
  await openPage();
  fireEvent.click(button('T1')!);
  const sheet = await screen.findByTestId('cashout-sheet');
  await waitFor(() => expect(within(sheet).getByTestId('cashout-value').textContent).toBe('¥123.45'));
  return sheet;
}

describe('cash-out (提前结算) of open billiards bets', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(async () => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('an open billiards bet shows 提前结算 at its value, asked for once for the page, then as CASHOUT_VALUES says', async () => {
    const api = cashoutApi();
    await openPage();
    expect(button('T2')!.textContent).toBe('提前结算 ¥123.45');
    // A settled bet and a slots round have no cash-out.
    expect(button('T3')).toBeNull();
    expect(button('T4')).toBeNull();
    expect(api.bodies('/taiqiu/cashout/values')).toEqual([{ betNos: ['T1', 'T2'] }]);

    await deliver({
      type: 'CASHOUT_VALUES',
      bets: [value('T1', { value: 15_000 }), value('OTHER', { value: 1 })],
    });
    expect(button('T1')!.textContent).toBe('提前结算 ¥150.00');
    expect(button('T1')!.disabled).toBe(false);
    // The other bet keeps its value; no call was made for the news.
    expect(button('T2')!.textContent).toBe('提前结算 ¥123.45');
    expect(api.count('/taiqiu/cashout/values')).toBe(1);
  });

  it('news that an automatic cash-out was taken (the running stake moved) refreshes the records', async () => {
    const api = cashoutApi();
    await openPage();
    const listCalls = api.count('/user/betRecord/list');
    await deliver({ type: 'CASHOUT_VALUES', bets: [value('T2', { value: 13_000 })] });
    expect(button('T2')!.textContent).toBe('提前结算 ¥130.00');
    expect(api.count('/user/betRecord/list')).toBe(listCalls);
    await deliver({ type: 'CASHOUT_VALUES', bets: [value('T2', { runningStake: 4_000, value: 5_200 })] });
    expect(button('T2')!.textContent).toBe('提前结算 ¥52.00');
    await waitFor(() => expect(api.count('/user/betRecord/list')).toBe(listCalls + 1));
  });

  it('a bet that cannot be cashed out now: the button is disabled and says why, in both languages', async () => {
    cashoutApi({
      '/taiqiu/cashout/values': () => ({
        code: 200,
        data: { bets: [value('T1'), value('T2', { value: null, unavailable: 'suspended' })] },
      }),
    });
    await openPage();
    expect(button('T2')!.disabled).toBe(true);
    expect(button('T2')!.textContent).toBe('暂停提前结算');

    const reasons = { pending: '确认中', off: '不支持提前结算', settling: '结算中', none: '暂无报价' };
    for (const [reason, text] of Object.entries(reasons)) {
      await deliver({ type: 'CASHOUT_VALUES', bets: [value('T1', { value: null, unavailable: reason })] });
      expect(button('T1')!.textContent).toBe(text);
      expect(button('T1')!.disabled).toBe(true);
    }
    // Open again: the button offers the value again.
    await deliver({ type: 'CASHOUT_VALUES', bets: [value('T1', { value: 9_000 })] });
    expect(button('T1')!.textContent).toBe('提前结算 ¥90.00');
    expect(button('T1')!.disabled).toBe(false);

    await setLanguage('en');
    await waitFor(() => expect(button('T2')!.textContent).toBe('Cash-out suspended'));
    expect(button('T1')!.textContent).toBe('Cash out ¥90.00');
  });

  it('a partial cash-out: 50% shows its share, an amount sends that part, and the paid amount shows; records and balance refresh', async () => {
    const api = cashoutApi({
      '/taiqiu/cashout': (body) => ({
        code: 200,
        data: { betNo: 'T1', paid: 3_703, stakePart: body.stakePart, runningStake: 7_000, status: 'open' },
      }),
    });
    const sheet = await openSheet();
    expect(api.bodies('/taiqiu/cashout/quote')).toEqual([{ betNo: 'T1' }]);
    expect(within(sheet).getByTestId('cashout-running').textContent).toBe('¥100.00');
    expect(within(sheet).getByTestId('cashout-timer').textContent).toMatch(/报价 [45] 秒后失效/);

    fireEvent.click(within(sheet).getByTestId('cashout-mode-part'));
    fireEvent.click(within(sheet).getByRole('button', { name: '50%' }));
    expect((within(sheet).getByTestId('cashout-amount') as HTMLInputElement).value).toBe('50');
    // floor(12345 × 5000 / 10000)
    expect(within(sheet).getByTestId('cashout-value').textContent).toBe('¥61.72');
    expect(within(sheet).getByTestId('cashout-rest').textContent).toBe('继续有效本金 ¥50.00');

    fireEvent.change(within(sheet).getByTestId('cashout-amount'), { target: { value: '30' } });
    expect(within(sheet).getByTestId('cashout-value').textContent).toBe('¥37.03');
    fireEvent.change(within(sheet).getByTestId('cashout-amount'), { target: { value: '100.01' } });
    expect(within(sheet).getByTestId('cashout-amount-error').textContent).toBe('不能超过剩余本金 ¥100.00');
    fireEvent.click(within(sheet).getByTestId('cashout-confirm'));
    expect(api.count('/taiqiu/cashout')).toBe(0);

    fireEvent.change(within(sheet).getByTestId('cashout-amount'), { target: { value: '30' } });
    const listCalls = api.count('/user/betRecord/list');
    fireEvent.click(within(sheet).getByTestId('cashout-confirm'));
    const done = await within(sheet).findByTestId('cashout-done');
    expect(api.bodies('/taiqiu/cashout')).toEqual([{ betNo: 'T1', quoteId: 'Q1', stakePart: 3_000 }]);
    expect(within(done).getByTestId('cashout-paid').textContent).toBe('已到账 ¥37.03');
    expect(within(done).getByTestId('cashout-done-stake').textContent).toBe('¥30.00');
    expect(within(done).getByTestId('cashout-done-running').textContent).toBe('¥70.00');
    await waitFor(() => expect(api.count('/user/betRecord/list')).toBeGreaterThan(listCalls));
    await waitFor(() => expect(api.count('/user/info')).toBeGreaterThan(0));
    expect(api.count('/taiqiu/cashout/values')).toBeGreaterThan(1);
  });

  it('a quote that no longer holds (409): the new amount is said and confirming again takes the new quote', async () => {
    const answers = [
      {
        code: 409,
        msg: '提前结算金额已变为 ¥118.00，请确认后再试',
        data: { quote: quote('Q2', { value: 11_800 }) },
      },
      { code: 200, data: { betNo: 'T1', paid: 11_800, stakePart: 10_000, runningStake: 0, status: 'cashout' } },
    ];
    const api = cashoutApi({ '/taiqiu/cashout': () => answers.shift()! });
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByTestId('cashout-confirm'));
    const notice = await within(sheet).findByTestId('cashout-requoted');
    expect(notice.textContent).toBe('金额已变为 ¥118.00，请确认');
    expect(within(sheet).getByTestId('cashout-value').textContent).toBe('¥118.00');
    expect(within(sheet).queryByTestId('cashout-done')).toBeNull();

    fireEvent.click(within(sheet).getByTestId('cashout-confirm'));
    const done = await within(sheet).findByTestId('cashout-done');
    expect(api.bodies('/taiqiu/cashout')).toEqual([
      { betNo: 'T1', quoteId: 'Q1', stakePart: 10_000 },
      { betNo: 'T1', quoteId: 'Q2', stakePart: 10_000 },
    ]);
    expect(within(done).getByTestId('cashout-paid').textContent).toBe('已到账 ¥118.00');
    expect(done.textContent).toContain('注单已全部提前结算');
  });

  it('a refusal (422) shows the server’s message', async () => {
    cashoutApi({
      '/taiqiu/cashout': () => ({ code: 422, msg: '提前结算的本金不能超过剩余本金 ¥80.00', data: null }),
    });
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByTestId('cashout-confirm'));
    expect((await within(sheet).findByTestId('cashout-refused')).textContent).toBe(
      '提前结算的本金不能超过剩余本金 ¥80.00',
    );
  });

  it('a quote refused (422) says why, with a way to ask again', async () => {
    const answers = [
      { code: 422, msg: '盘口暂停，暂不能提前结算，请稍后再试', data: { cashoutReason: 'suspended' } },
      { code: 200, data: quote('Q3') },
    ];
    const api = cashoutApi({ '/taiqiu/cashout/quote': () => answers.shift()! });
    await openPage();
    fireEvent.click(button('T1')!);
    const failed = await screen.findByTestId('cashout-quote-failed');
    expect(failed.textContent).toContain('盘口暂停，暂不能提前结算，请稍后再试');
    fireEvent.click(within(failed).getByRole('button', { name: '重新获取' }));
    await waitFor(() => expect(screen.getByTestId('cashout-value').textContent).toBe('¥123.45'));
    expect(api.count('/taiqiu/cashout/quote')).toBe(2);
  });

  it('an expired quote cannot be confirmed; 重新报价 asks for a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: false });
    const api = cashoutApi({ '/taiqiu/cashout/quote': () => ({ code: 200, data: quote(`Q${Date.now()}`) }) });
    const sheet = await openSheet();
    act(() => void vi.advanceTimersByTime(6_000));
    expect(within(sheet).getByTestId('cashout-timer').textContent).toContain('报价已过期');
    expect((within(sheet).getByTestId('cashout-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByTestId('cashout-requote'));
    await waitFor(() => expect(within(sheet).getByTestId('cashout-timer').textContent).toMatch(/报价 5 秒后失效/));
    expect(api.count('/taiqiu/cashout/quote')).toBe(2);
    expect((within(sheet).getByTestId('cashout-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('自动提前结算: sets the amount, shows it on the sheet and the row, and clears it', async () => {
    const api = cashoutApi({
      '/taiqiu/cashout/auto': (body) => ({
        code: 200,
        data: value('T1', { autoAt: typeof body.at === 'number' ? body.at : null }),
      }),
    });
    const sheet = await openSheet();
    expect(within(sheet).getByTestId('cashout-auto-current').textContent).toBe('未设置');
    fireEvent.change(within(sheet).getByTestId('cashout-auto-amount'), { target: { value: '180' } });
    fireEvent.click(within(sheet).getByTestId('cashout-auto-set'));
    await waitFor(() =>
      expect(within(sheet).getByTestId('cashout-auto-current').textContent).toBe('已设置：达到 ¥180.00 时自动结算'),
    );
    expect(api.bodies('/taiqiu/cashout/auto')).toEqual([{ betNo: 'T1', at: 18_000 }]);
    const bar = document.querySelector('[data-testid=cashout-bar][data-cashout-of="T1"]')!;
    expect(bar.querySelector('[data-testid=cashout-auto-badge]')!.textContent).toBe('自动 ¥180.00');

    fireEvent.click(within(sheet).getByTestId('cashout-auto-clear'));
    await waitFor(() => expect(within(sheet).getByTestId('cashout-auto-current').textContent).toBe('未设置'));
    // null is dropped from bodies (lib/http.ts): an absent `at` clears.
    expect(api.bodies('/taiqiu/cashout/auto')[1]).toEqual({ betNo: 'T1' });
    expect(bar.querySelector('[data-testid=cashout-auto-badge]')).toBeNull();
  });

  it('/user/touzhutaiqiu: the billiards list offers the cash-out too', async () => {
    cashoutApi();
    renderAt(<TouzhutaiqiuPage />, '/user/touzhutaiqiu/:gameType', '/user/touzhutaiqiu/taiqiu');
    await waitFor(() => expect(button('T1')!.textContent).toBe('提前结算 ¥123.45'));
    expect(button('T3')).toBeNull();
  });
});
