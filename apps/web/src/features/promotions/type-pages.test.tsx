import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { LuckySlip, PromotionDetail } from './api/promotions';
import { application, detail, page, summary } from './test-fixtures';
import { DanDaiPage, JiaZengPage, PgPage, ShouCunPage, TiKuanPage, ZhuDanPage } from './type-pages';

const details = (promo: PromotionDetail, more: Record<string, Handler> = {}) =>
  fakeApi({
    '/promotion/details': (body) => (body.id === promo.id ? { code: 200, data: promo } : { code: 404, msg: 'x' }),
    ...more,
  });

const progressOf = (testId: string) =>
  screen.getByTestId(testId).querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow');

describe('the type pages', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('without ?id= a type page shows its type’s running promotion; with ?id= that one', async () => {
    const api = fakeApi({
      '/promotion/list': () => ({
        code: 200,
        data: { items: [summary({ id: 7, status: 'ended' }), summary({ id: 8 }), summary({ id: 9 })] },
      }),
      '/promotion/details': (body) => ({ code: 200, data: detail({ id: body.id as number }) }),
    });
    renderAt(<ShouCunPage />, '/user/youhuiShouCun', '/user/youhuiShouCun');
    expect((await screen.findByTestId('promotion')).getAttribute('data-id')).toBe('8');
    expect(api.bodies('/promotion/list')).toEqual([{ type: 'first_deposit' }]);
    cleanup();

    renderAt(<ShouCunPage />, '/user/youhuiShouCun', '/user/youhuiShouCun?id=7');
    expect((await screen.findByTestId('promotion')).getAttribute('data-id')).toBe('7');
    expect(api.count('/promotion/list')).toBe(1);
  });

  it('a type with no promotion says so', async () => {
    fakeApi({ '/promotion/list': () => ({ code: 200, data: { items: [] } }) });
    renderAt(<PgPage />, '/user/youhuiPG', '/user/youhuiPG');
    expect(await screen.findByText('暂无此类活动')).toBeTruthy();
  });

  it('加赠: tiers, the daily cap, today’s bonus and what is left of the cap', async () => {
    details(
      detail({
        id: 2,
        type: 'reload',
        rules: { type: 'reload', tiers: [{ minDeposit: 10_000, rateBps: 1_000, maxBonus: 5_000 }] },
        capAmount: 20_000,
        period: 'day',
        periodEndsAt: '2026-03-02T16:00:00Z',
        joined: true,
        canApply: false,
        application: application({ promotionId: 2, type: 'reload', periodKey: '2026-03-02', amount: 5_000, uses: 2 }),
      }),
    );
    renderAt(<JiaZengPage />, '/user/youhuiJiaZeng', '/user/youhuiJiaZeng?id=2');
    expect((await screen.findByTestId('reload-granted')).textContent).toBe('¥50.00');
    expect(screen.getByTestId('reload-left').textContent).toBe('¥150.00');
    expect(progressOf('reload-cap')).toBe('25');
    expect(screen.getByTestId('info-cap').textContent).toBe('每日最高 ¥200.00');
    expect(screen.getByTestId('rules-table').textContent).toContain('¥100.00 及以上10.00%¥50.00');
    expect(screen.getByTestId('next-step').getAttribute('href')).toBe('/user/chongzhi');
  });

  it('注单: the endings table, my winning slips with the ending picked out, 领取 claims that slip once', async () => {
    const slip = (over: Partial<LuckySlip>): LuckySlip => ({
      betNo: '202603010000888',
      gameType: 'slots',
      stake: 1_000,
      settledAt: '2026-03-01T05:00:00Z',
      ending: '888',
      bonus: 8_800,
      status: 'claimable',
      claimableUntil: '2026-03-04T05:00:00Z',
      ...over,
    });
    const slips = [slip({}), slip({ betNo: '202602270000666', ending: '666', bonus: 6_600, status: 'claimed' })];
    let promo = detail({
      id: 3,
      type: 'lucky_slip',
      rules: {
        type: 'lucky_slip',
        minStake: 1_000,
        claimDays: 3,
        tiers: [
          { ending: '888', bonus: 8_800 },
          { ending: '666', bonus: 6_600 },
        ],
      },
      period: 'day',
      periodEndsAt: '2026-03-02T16:00:00Z',
    });
    const api = fakeApi({
      '/promotion/details': () => ({ code: 200, data: promo }),
      '/promotion/zhudan/list': (body) => page(slips, body),
      '/promotion/apply': (body) => {
        slips[0] = { ...slips[0]!, status: 'claimed' };
        const app = application({ promotionId: 3, type: 'lucky_slip', status: 'granted', amount: 8_800 });
        promo = { ...promo, joined: true, canApply: false, application: app };
        return { code: 200, data: { ...app, id: body.id === 3 ? 51 : 0 } };
      },
    });
    renderAt(<ZhuDanPage />, '/user/youhuiZhuDan', '/user/youhuiZhuDan?id=3');
    const list = await screen.findByTestId('slips');
    expect(screen.getByTestId('rules-table').textContent).toContain('888¥88.00');
    expect(screen.getByTestId('promotion').textContent).toContain('注单结算后 3 天内领取');
    expect(screen.queryByTestId('apply-bar')).toBeNull();
    const first = list.querySelector('[data-bet-no="202603010000888"]') as HTMLElement;
    expect(first.querySelector('mark')!.textContent).toBe('888');
    expect(within(first).getByTestId('slip-no').textContent).toBe('202603010000888');
    expect(first.textContent).toContain('电子');
    expect(first.textContent).toContain('投注 ¥10.00');
    expect(first.textContent).toContain('¥88.00');
    expect(first.textContent).toMatch(/2026-03-0[45] \d\d:\d\d 前领取/);
    const other = list.querySelector('[data-bet-no="202602270000666"]') as HTMLElement;
    expect(other.textContent).toContain('已领取');
    expect(within(other).queryByTestId('slip-claim')).toBeNull();
    expect(api.bodies('/promotion/zhudan/list')).toEqual([{ id: 3, page: 1, pageSize: 20 }]);

    const claim = within(first).getByTestId('slip-claim');
    fireEvent.click(claim);
    fireEvent.click(claim);
    expect(await screen.findByText('已领取 ¥88.00，奖励已发放到领奖中心')).toBeTruthy();
    expect(api.bodies('/promotion/apply')).toEqual([{ id: 3, betNo: '202603010000888' }]);
    // Refreshed: the slip is claimed, today's claim is used and 领奖 holds the bonus.
    await waitFor(() => expect(first.getAttribute('data-status')).toBe('claimed'));
    expect(await screen.findByTestId('slip-blocked')).toBeTruthy();
    expect(screen.getByTestId('slip-blocked').textContent).toBe('今日已领取，明天再来');
    expect(screen.getByTestId('link-lingjiang').getAttribute('href')).toBe('/user/lingjiang');
  });

  it('注单: once claimed today, the other slips cannot be claimed', async () => {
    const claimed = application({ promotionId: 3, type: 'lucky_slip', status: 'granted', amount: 6_600 });
    details(
      detail({
        id: 3,
        type: 'lucky_slip',
        rules: { type: 'lucky_slip', minStake: 1_000, claimDays: 3, tiers: [{ ending: '888', bonus: 8_800 }] },
        period: 'day',
        joined: true,
        canApply: false,
        refusal: '今日已领取',
        application: claimed,
      }),
      {
        '/promotion/zhudan/list': (body) =>
          page(
            [
              {
                betNo: '1888',
                gameType: 'taiqiu',
                stake: 1_000,
                settledAt: '2026-03-01T05:00:00Z',
                ending: '888',
                bonus: 8_800,
                status: 'claimable',
                claimableUntil: '2026-03-04T05:00:00Z',
              },
            ],
            body,
          ),
      },
    );
    renderAt(<ZhuDanPage />, '/user/youhuiZhuDan', '/user/youhuiZhuDan?id=3');
    const button = (await screen.findByTestId('slip-claim')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('slip-blocked').textContent).toBe('今日已领取，明天再来');
  });

  it('提款: this week’s valid bet against the threshold, free withdrawals used, a way to 取款', async () => {
    details(
      detail({
        id: 4,
        type: 'fee_waiver',
        rules: { type: 'fee_waiver', freeWithdrawals: 3, minValidBet: 200_000 },
        capAmount: null,
        turnoverMultiple: 0,
        period: 'week',
        periodEndsAt: '2026-03-08T16:00:00Z',
        joined: true,
        canApply: false,
        application: application({ promotionId: 4, type: 'fee_waiver', periodKey: '2026-03-02', progress: 50_000 }),
      }),
    );
    renderAt(<TiKuanPage />, '/user/youhuiTiKuan', '/user/youhuiTiKuan?id=4');
    await screen.findByTestId('fee-progress');
    expect(progressOf('fee-progress')).toBe('25');
    expect(screen.getByTestId('fee-progress').textContent).toContain('¥500.00 / ¥2,000.00');
    expect(screen.getByTestId('fee-used').textContent).toBe('0 / 3');
    expect(screen.getByTestId('participation').textContent).toContain('再投注 ¥1,500.00 即可免手续费提款');
    expect(screen.getByTestId('free-n').textContent).toBe('本周前 3 笔');
    // No money is paid: no turnover or cap rows.
    expect(screen.queryByTestId('info-turnover')).toBeNull();
    expect(screen.getByTestId('next-step').getAttribute('href')).toBe('/user/qukuan');
  });

  it('电子: the week’s slots bet against the tiers, the tier reached, the next one’s gap and when it pays', async () => {
    details(
      detail({
        id: 5,
        type: 'slots_turnover',
        rules: {
          type: 'slots_turnover',
          tiers: [
            { validBet: 100_000, bonus: 1_800 },
            { validBet: 500_000, bonus: 8_800 },
            { validBet: 2_000_000, bonus: 38_800 },
          ],
        },
        capAmount: null,
        period: 'week',
        periodEndsAt: '2026-03-08T16:00:00Z',
        joined: true,
        canApply: false,
        application: application({
          promotionId: 5,
          type: 'slots_turnover',
          periodKey: '2026-03-02',
          progress: 300_000,
        }),
      }),
    );
    renderAt(<PgPage />, '/user/youhuiPG', '/user/youhuiPG?id=5');
    await screen.findByTestId('slots-progress');
    expect(progressOf('slots-progress')).toBe('60');
    expect(screen.getByTestId('slots-reached').textContent).toBe('¥18.00');
    expect(screen.getByTestId('slots-gap').textContent).toBe('¥2,000.00');
    expect(screen.getByTestId('participation').textContent).toMatch(
      /再投注 ¥2,000.00 可达下一档，奖金 ¥88.00。本周结束（2026-03-0[89] \d\d:\d\d）后按达到的档位发放。/,
    );
    const reached = screen.getByTestId('rules-table').querySelectorAll('tbody tr');
    expect([...reached].map((r) => r.className)).toEqual(['promo-tier-reached', '', '']);
  });

  it('电子: a declined application says why, with no talk of the next tier', async () => {
    details(
      detail({
        id: 5,
        type: 'slots_turnover',
        rules: { type: 'slots_turnover', tiers: [{ validBet: 100_000, bonus: 1_800 }] },
        period: 'week',
        periodEndsAt: '2026-03-08T16:00:00Z',
        joined: true,
        canApply: false,
        application: application({
          promotionId: 5,
          type: 'slots_turnover',
          status: 'rejected',
          reason: '检测到对冲投注',
          progress: 20_000,
        }),
      }),
    );
    renderAt(<PgPage />, '/user/youhuiPG', '/user/youhuiPG?id=5');
    expect((await screen.findByTestId('apply-note')).textContent).toBe('检测到对冲投注');
    expect(screen.getByTestId('participation').textContent).not.toContain('再投注');
    expect(screen.getByTestId('participation').textContent).not.toContain('后按达到的档位发放');
  });

  it('单代: this month’s members, the bonus granted, what is left of the cap, and a way to invite', async () => {
    details(
      detail({
        id: 6,
        type: 'agent_starter',
        rules: { type: 'agent_starter', minFirstDeposit: 10_000, bonusPerMember: 2_800 },
        capAmount: 28_000,
        period: 'month',
        periodEndsAt: '2026-03-31T16:00:00Z',
        joined: true,
        canApply: false,
        application: application({
          promotionId: 6,
          type: 'agent_starter',
          periodKey: '2026-03',
          status: 'granted',
          amount: 5_600,
          uses: 2,
        }),
      }),
    );
    renderAt(<DanDaiPage />, '/user/youhuiDanDai', '/user/youhuiDanDai?id=6');
    expect((await screen.findByTestId('agent-members')).textContent).toBe('2 人');
    expect(screen.getByTestId('agent-granted').textContent).toBe('¥56.00');
    expect(screen.getByTestId('agent-left').textContent).toBe('¥224.00');
    expect(screen.getByTestId('per-member').textContent).toBe('¥28.00');
    // More members may still come this month: inviting stays the next step.
    expect(screen.getByTestId('next-step').getAttribute('href')).toBe('/user/share');
    expect(screen.getByTestId('link-lingjiang').getAttribute('href')).toBe('/user/lingjiang');
  });
});
