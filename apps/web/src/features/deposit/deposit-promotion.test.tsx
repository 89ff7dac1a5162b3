import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { DepositForm } from './deposit-form';

const sandbox = {
  id: 1,
  name: '沙盒支付',
  type: 'sandbox',
  adapter: 'sandbox',
  minAmount: 10_000,
  maxAmount: 5_000_000,
  presets: [10_000, 50_000],
  feeRate: 0,
  bonusRate: 0,
  recommended: true,
  hours: { open: '00:00', close: '00:00' },
  openNow: true,
};
const order = {
  orderNo: 'D1',
  payUrl: '/pay/sandbox/D1',
  expiresAt: '2030-01-01T00:00:00Z',
  amount: 20_000,
  fee: 0,
  bonus: 0,
  creditedAmount: 20_000,
  instructions: null,
};
const summary = (id: number, type: string, over: Record<string, unknown> = {}) => ({
  id,
  type,
  title: `活动${id}`,
  summary: `说明${id}`,
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2030-01-01T00:00:00Z',
  status: 'running',
  joined: false,
  canApply: true,
  ...over,
});
const tiers = [
  { minDeposit: 10_000, rateBps: 1_000, maxBonus: 5_000 },
  { minDeposit: 100_000, rateBps: 2_000, maxBonus: 100_000 },
];
const detail = (s: ReturnType<typeof summary>, application: unknown = null) => ({
  ...s,
  audience: '全体会员',
  rulesHtml: '<p>规则</p>',
  rules: { type: s.type, tiers },
  turnoverMultiple: 5,
  capAmount: null,
  minVipLevel: 0,
  rewardValidDays: 7,
  period: s.type === 'reload' ? 'day' : 'once',
  periodEndsAt: null,
  application,
  refusal: null,
});
const pending = {
  id: 11,
  promotionId: 3,
  type: 'reload',
  title: '活动3',
  periodKey: '2026-11-25',
  status: 'pending',
  reason: null,
  amount: 0,
  progress: 0,
  uses: 0,
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-25T01:00:00Z',
};

/** Promotion 2 (首存) may be applied for; the others are not offered at the deposit. */
const list = [
  summary(2, 'first_deposit'),
  summary(4, 'reload', { canApply: false }),
  summary(5, 'slots_turnover'),
  summary(6, 'first_deposit', { status: 'ended', canApply: false }),
];

function setup(items: ReturnType<typeof summary>[], apply: Handler, applications: Record<number, unknown> = {}) {
  const api = fakeApi({
    '/user/recharge/payConfig': () => ({ code: 200, data: { channels: [sandbox] } }),
    '/promotion/list': () => ({ code: 200, data: { items } }),
    '/promotion/details': (b) => {
      const s = items.find((i) => i.id === b.id)!;
      return { code: 200, data: detail(s, applications[s.id] ?? null) };
    },
    '/promotion/apply': apply,
    '/user/recharge/startPay': () => ({ code: 200, data: order }),
  });
  const tab = { go: vi.fn(() => 'tab' as const), cancel: vi.fn() };
  renderAt(<DepositForm cashier={() => tab} />);
  return { api, tab };
}

const typeAmount = async (yuan: string) =>
  fireEvent.change(await screen.findByTestId('deposit-amount-input'), { target: { value: yuan } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/chongzhi promotion to apply', () => {
  it('offers 不参与 (chosen) and the running deposit promotion the player may apply for, with its bonus for the amount', async () => {
    const { api } = setup(list, () => ({ code: 200, data: pending }));
    expect((await screen.findByTestId('promo-none')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('data-testid'))).toEqual(['promo-none', 'promo-2']);
    expect(screen.getByTestId('promo-2').textContent).toContain('说明2');
    expect(screen.getByText('详情 ›').getAttribute('href')).toBe('/user/youhuiDetails?id=2');
    await typeAmount('50');
    expect(screen.queryByTestId('promo-bonus-2')).toBeNull(); // below the channel's minimum: no estimate
    await typeAmount('200');
    expect(screen.getByTestId('promo-bonus-2').textContent).toBe('本次可得奖励 ¥20.00 · 5 倍流水');
    await typeAmount('2000');
    expect(screen.getByTestId('promo-bonus-2').textContent).toBe('本次可得奖励 ¥400.00 · 5 倍流水');

    // Not taking part: the order starts and nothing is applied for.
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    await waitFor(() => expect(api.count('/user/recharge/startPay')).toBe(1));
    expect(api.count('/promotion/apply')).toBe(0);
  });

  it('applies for the chosen promotion before starting the order', async () => {
    const { api, tab } = setup(list, () => ({ code: 200, data: pending }));
    fireEvent.click(await screen.findByTestId('promo-2'));
    expect(screen.getByTestId('promo-2').getAttribute('aria-checked')).toBe('true');
    await typeAmount('200');
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    await waitFor(() => expect(tab.go).toHaveBeenCalledWith('/pay/sandbox/D1'));
    expect(api.bodies('/promotion/apply')).toEqual([{ id: 2 }]);
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/promotion/apply')).toBeLessThan(paths.indexOf('/user/recharge/startPay'));
  });

  it('a refused application shows its reason and starts no order; applied already (409) counts as joined', async () => {
    const { api, tab } = setup(list, () => ({ code: 422, msg: '您已完成首次充值，无法参与首存活动' }));
    fireEvent.click(await screen.findByTestId('promo-2'));
    await typeAmount('200');
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    expect(await screen.findByText('您已完成首次充值，无法参与首存活动')).toBeTruthy();
    expect(api.count('/user/recharge/startPay')).toBe(0);
    expect(tab.cancel).toHaveBeenCalled();
    cleanup();

    const again = setup(list, () => ({ code: 409, msg: '本期已申请过该活动' }));
    fireEvent.click(await screen.findByTestId('promo-2'));
    await typeAmount('200');
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    await waitFor(() => expect(again.tab.go).toHaveBeenCalledWith('/pay/sandbox/D1'));
    expect(again.api.count('/promotion/apply')).toBe(1);
    expect(screen.queryByText('本期已申请过该活动')).toBeNull();
  });

  it('a promotion joined this period is shown as 已参与 and chosen; the deposit sends no application', async () => {
    const { api } = setup([summary(3, 'reload', { joined: true, canApply: false })], () => ({ code: 200 }), {
      3: pending,
    });
    const card = await screen.findByTestId('promo-3');
    expect(card.getAttribute('aria-checked')).toBe('true');
    expect(card.textContent).toContain('已参与');
    expect(screen.queryByTestId('promo-none')).toBeNull();
    await typeAmount('500'); // the first tier's 10 % is ¥50.00, its maximum
    expect(screen.getByTestId('promo-bonus-3').textContent).toBe('本次可得奖励 ¥50.00 · 5 倍流水');
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    await waitFor(() => expect(api.count('/user/recharge/startPay')).toBe(1));
    expect(api.count('/promotion/apply')).toBe(0);
  });

  it('before the first deposit, a reload promotion says the first deposit does not earn it', async () => {
    setup([summary(2, 'first_deposit'), summary(4, 'reload')], () => ({ code: 200, data: pending }));
    await typeAmount('200');
    expect((await screen.findByTestId('promo-bonus-4')).textContent).toBe('首次存款不计入加赠，之后的存款可得');
    expect(screen.getByTestId('promo-bonus-2').textContent).toBe('本次可得奖励 ¥20.00 · 5 倍流水');
  });

  it('no deposit promotion (or none loaded): no choice is shown', async () => {
    fakeApi({
      '/user/recharge/payConfig': () => ({ code: 200, data: { channels: [sandbox] } }),
      '/promotion/list': () => ({ code: 500, msg: 'boom' }),
    });
    renderAt(<DepositForm cashier={() => ({ go: vi.fn(() => 'tab' as const), cancel: vi.fn() })} />);
    await screen.findByTestId('deposit-amount-input');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
