import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { summary } from './test-fixtures';
import YouhuiPage from './youhui-page';

const open = (entry = '/user/youhui') => renderAt(<YouhuiPage />, '/user/youhui', entry);
const card = (id: number) => document.querySelector(`[data-promo-id="${id}"]`) as HTMLElement;

const ITEMS = [
  summary({ id: 1 }),
  summary({ id: 2, type: 'reload', title: '每日加赠 10%', joined: true, canApply: false }),
  summary({ id: 3, type: 'lucky_slip', title: '幸运注单', status: 'upcoming', canApply: false }),
  summary({ id: 4, type: 'slots_turnover', title: '电子周流水', status: 'ended', canApply: false }),
];

describe('promotions list (优惠 tab)', () => {
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

  it('shows each promotion with its banner, title, summary, period, type tag and status; a card opens its type page', async () => {
    const api = fakeApi({ '/promotion/list': () => ({ code: 200, data: { items: ITEMS } }) });
    open();
    await screen.findByTestId('promo-list');
    const first = card(1);
    expect(first.querySelector('img')!.getAttribute('src')).toBe(ITEMS[0]!.image);
    expect(first.textContent).toContain('首存送 100%');
    expect(first.textContent).toContain('首笔存款最高送 ¥888');
    expect(first.textContent).toMatch(/活动时间 2026-01-01 – 2026-12-3[01]/);
    expect(within(first).getByTestId('promo-type').textContent).toBe('首存');
    expect(within(first).getByTestId('promo-status').textContent).toBe('进行中');
    expect(first.textContent).toContain('立即参与');
    expect(first.getAttribute('href')).toBe('/user/youhuiShouCun?id=1');

    expect(within(card(2)).getByTestId('promo-status').textContent).toBe('已参与');
    expect(card(2).textContent).toContain('查看详情');
    expect(card(2).getAttribute('href')).toBe('/user/youhuiJiaZeng?id=2');
    expect(within(card(3)).getByTestId('promo-status').textContent).toBe('未开始');
    expect(card(3).getAttribute('href')).toBe('/user/youhuiZhuDan?id=3');
    expect(within(card(4)).getByTestId('promo-status').textContent).toBe('已结束');
    expect(card(4).getAttribute('href')).toBe('/user/youhuiPG?id=4');
    expect(screen.getByTestId('link-mine').getAttribute('href')).toBe('/user/youhuiCanYu');
    expect(api.bodies('/promotion/list')).toEqual([{}]);
  });

  it('the type filter keeps the promotions of one type', async () => {
    fakeApi({ '/promotion/list': () => ({ code: 200, data: { items: ITEMS } }) });
    open();
    await screen.findByTestId('promo-list');
    fireEvent.click(within(screen.getByTestId('type-filter')).getByText('加赠'));
    await waitFor(() => expect(card(1)).toBeNull());
    expect(card(2)).not.toBeNull();
    expect(screen.getByTestId('promo-list').children).toHaveLength(1);
  });

  it('says when there is no promotion, and offers a retry when the list fails', async () => {
    let fail = true;
    fakeApi({
      '/promotion/list': () => (fail ? { code: 500, msg: '服务繁忙' } : { code: 200, data: { items: [] } }),
    });
    open();
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('服务繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('暂无优惠活动')).toBeTruthy();
  });

  it('a live balance update (a deposit may grant a bonus) refreshes the list; texts come in English', async () => {
    await setLanguage('en');
    let joined = false;
    const api = fakeApi({
      '/promotion/list': () => ({ code: 200, data: { items: [summary({ id: 1, title: 'Double up', joined })] } }),
    });
    const { client } = open();
    await screen.findByTestId('promo-list');
    expect(within(card(1)).getByTestId('promo-status').textContent).toBe('Running');
    joined = true;
    // What lib/session does on BALANCE_UPDATED: every query under 'user' is refreshed.
    await client.invalidateQueries({ queryKey: ['user'] });
    await waitFor(() => expect(within(card(1)).getByTestId('promo-status').textContent).toBe('Joined'));
    expect(api.count('/promotion/list')).toBe(2);
    expect(api.calls[0]!.headers['Accept-Language']).toBe('en');
  });
});
