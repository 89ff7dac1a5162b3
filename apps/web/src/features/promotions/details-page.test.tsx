import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { PromotionDetail } from './api/promotions';
import YouhuiDetailsPage from './details-page';
import { application, detail } from './test-fixtures';

/** A details server whose promotion `apply` turns into a pending application. */
function promotionServer(promo: PromotionDetail, apply?: Handler) {
  const state = { promo };
  const api = fakeApi({
    '/promotion/details': (body) =>
      body.id === state.promo.id ? { code: 200, data: state.promo } : { code: 404, msg: '活动不存在' },
    '/promotion/apply':
      apply ??
      (() => {
        const app = application({ promotionId: state.promo.id, type: state.promo.type });
        state.promo = { ...state.promo, joined: true, canApply: false, application: app };
        return { code: 200, data: app };
      }),
  });
  return { api, state };
}

const open = (entry = '/user/youhuiDetails?id=1') => renderAt(<YouhuiDetailsPage />, '/user/youhuiDetails', entry);

describe('promotion details', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('shows the banner, period, audience, the tier table, the rules, turnover, cap and VIP requirement', async () => {
    const { api } = promotionServer(detail({ minVipLevel: 2 }));
    open();
    const page = await screen.findByTestId('promotion');
    expect(api.bodies('/promotion/details')).toEqual([{ id: 1 }]);
    expect(page.querySelector('.promo-banner img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('promo-title').textContent).toBe('首存送 100%');
    expect(screen.getByTestId('info-period').textContent).toMatch(/^2026-01-01 \d\d:\d\d – 2026-12-3[01] \d\d:\d\d$/);
    expect(screen.getByTestId('info-audience').textContent).toBe('未存过款的新会员');
    expect(screen.getByTestId('info-vip').textContent).toBe('VIP2 及以上');
    expect(screen.getByTestId('info-often').textContent).toBe('每人限一次');
    expect(screen.getByTestId('info-turnover').textContent).toBe('奖金的 3 倍');
    expect(screen.getByTestId('info-cap').textContent).toBe('每人最高 ¥888.00');
    // Deposit range (up to the next tier) → rate, at most.
    const rows = [...screen.getByTestId('rules-table').querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['¥100.00 – ¥999.99', '50.00%', '¥200.00'],
      ['¥1,000.00 及以上', '100.00%', '¥888.00'],
    ]);
    // The server's sanitized HTML is rendered as HTML.
    expect(screen.getByTestId('promo-rules').querySelector('li b')!.textContent).toBe('3');
    expect(screen.getByTestId('application-status').textContent).toBe('未申请');
  });

  it('立即申请 applies once, then shows 审核中 and the next step: 去充值', async () => {
    const { api } = promotionServer(detail());
    open();
    const button = await screen.findByTestId('apply');
    expect(button.textContent).toBe('立即申请');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('申请成功')).toBeTruthy();
    const next = await screen.findByTestId('next-step');
    expect(next.textContent).toBe('去充值');
    expect(next.getAttribute('href')).toBe('/user/chongzhi');
    expect(api.bodies('/promotion/apply')).toEqual([{ id: 1 }]);
    expect(within(screen.getByTestId('apply-bar')).getByTestId('application-status').textContent).toBe('审核中');
    expect(screen.getByTestId('apply-note').textContent).toBe('首笔存款到账后自动发放奖励');
    // The steps: applied, the deposit still to come.
    const steps = screen.getByTestId('first-deposit-steps');
    expect(steps.querySelector('[data-step="apply"]')!.className).toContain('tl-done');
    expect(steps.querySelector('[data-step="deposit"]')!.className).toContain('tl-todo');
  });

  it('a refused application says why in the player’s language and changes nothing', async () => {
    await setLanguage('en');
    const { api } = promotionServer(detail(), () => ({
      code: 422,
      msg: 'You have made a deposit already: this promotion is for a first deposit',
    }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply now' }));
    expect(
      await screen.findByText('You have made a deposit already: this promotion is for a first deposit'),
    ).toBeTruthy();
    // The details are loaded again (what the refusal means is the server's to say).
    await waitFor(() => expect(api.count('/promotion/details')).toBe(2));
    expect(screen.getByTestId('apply').textContent).toBe('Apply now');
  });

  it('when applying would be refused, the button is disabled with the refusal text', async () => {
    promotionServer(detail({ canApply: false, refusal: '您已完成首存，无法参与首存优惠' }));
    open();
    const button = (await screen.findByTestId('apply')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('apply-note').textContent).toBe('您已完成首存，无法参与首存优惠');
  });

  it('an ended promotion says so on its button', async () => {
    promotionServer(detail({ status: 'ended', canApply: false, refusal: '活动已结束' }));
    open();
    const button = (await screen.findByTestId('apply')) as HTMLButtonElement;
    expect(button.textContent).toBe('已结束');
    expect(button.disabled).toBe(true);
  });

  it('a granted bonus shows 已发放 ¥x and leads to 领奖; a rejected one shows its reason', async () => {
    const granted = application({ status: 'granted', amount: 50_000, updatedAt: '2026-03-01T03:00:00Z' });
    promotionServer(detail({ joined: true, canApply: false, application: granted }));
    open();
    expect((await screen.findByTestId('apply-note')).textContent).toBe('已发放 ¥500.00');
    expect(screen.getByTestId('next-step').getAttribute('href')).toBe('/user/lingjiang');
    expect(screen.getByTestId('link-lingjiang').textContent).toContain('7 天内领取');
    cleanup();

    const rejected = application({ status: 'rejected', reason: '存款未在活动期内到账' });
    promotionServer(detail({ joined: true, canApply: false, application: rejected }));
    open();
    expect((await screen.findByTestId('apply-note')).textContent).toBe('存款未在活动期内到账');
    expect(within(screen.getByTestId('apply-bar')).getByTestId('application-status').textContent).toBe('未通过');
    expect((screen.getByTestId('apply') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('apply').textContent).toBe('已申请');
  });

  it('refreshes on a live balance update: a deposit granted the bonus', async () => {
    const { api, state } = promotionServer(detail({ joined: true, canApply: false, application: application() }));
    const { client } = open();
    expect((await screen.findByTestId('next-step')).textContent).toBe('去充值');
    state.promo = {
      ...state.promo,
      application: application({ status: 'granted', amount: 20_000, updatedAt: '2026-03-02T00:00:00Z' }),
    };
    // What lib/session does on BALANCE_UPDATED: every query under 'user' is refreshed.
    await client.invalidateQueries({ queryKey: ['user'] });
    await waitFor(() => expect(screen.getByTestId('apply-note').textContent).toBe('已发放 ¥200.00'));
    expect(screen.getByTestId('next-step').textContent).toBe('去领奖');
    expect(api.count('/promotion/details')).toBe(2);
  });

  it('an unknown promotion, or no id, says it is not available', async () => {
    promotionServer(detail());
    open('/user/youhuiDetails?id=9');
    expect(await screen.findByText('活动不存在或已下线')).toBeTruthy();
    cleanup();
    open('/user/youhuiDetails');
    expect(await screen.findByText('活动不存在或已下线')).toBeTruthy();
  });
});
