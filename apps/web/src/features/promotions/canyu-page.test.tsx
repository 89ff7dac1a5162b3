import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { Application } from './api/promotions';
import YouhuiCanYuPage from './canyu-page';
import { application, page } from './test-fixtures';

const APPS: Application[] = [
  application({
    id: 3,
    promotionId: 2,
    type: 'reload',
    title: '每日加赠',
    periodKey: '2026-03-02',
    status: 'granted',
    amount: 5_000,
  }),
  application({
    id: 2,
    promotionId: 4,
    type: 'fee_waiver',
    title: '提款免手续费',
    periodKey: '2026-03-02',
    status: 'granted',
    amount: 300,
  }),
  application({ id: 1, status: 'rejected', reason: '存款未在活动期内到账' }),
];

const open = (entry = '/user/youhuiCanYu') => renderAt(<YouhuiCanYuPage />, '/user/youhuiCanYu', entry);
const row = (id: number) => document.querySelector(`[data-app-id="${id}"]`) as HTMLElement;

describe('my applications', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('lists every application: title, type, period, status, amount, reason; a row opens its promotion', async () => {
    const api = fakeApi({
      '/promotion/myApplications': (body) =>
        page(body.status ? APPS.filter((a) => a.status === body.status) : APPS, body),
    });
    open();
    await screen.findByTestId('applications-all');
    expect(api.bodies('/promotion/myApplications')[0]).toEqual({ page: 1, pageSize: 20 });
    const reload = row(3);
    expect(reload.textContent).toContain('每日加赠');
    expect(within(reload).getByTestId('promo-type').textContent).toBe('加赠');
    expect(within(reload).getByTestId('application-status').textContent).toBe('已发放');
    expect(within(reload).getByTestId('app-amount').textContent).toBe('¥50.00');
    expect(reload.textContent).toContain('周期 2026-03-02');
    expect(reload.getAttribute('href')).toBe('/user/youhuiJiaZeng?id=2');
    // A week is named by its Monday: shown Monday to Sunday.
    expect(row(2).textContent).toContain('周期 2026-03-02 – 03-08');
    expect(within(row(2)).getByTestId('app-amount').textContent).toBe('已免手续费¥3.00');
    // A fee waiver grants no money: granted, it is in force.
    expect(within(row(2)).getByTestId('application-status').textContent).toBe('已生效');
    expect(row(1).textContent).toContain('周期 每人限一次');
    expect(within(row(1)).getByTestId('app-reason').textContent).toBe('未通过原因：存款未在活动期内到账');

    fireEvent.click(screen.getByTestId('tab-rejected'));
    const rejected = await screen.findByTestId('applications-rejected');
    expect(rejected.querySelectorAll('[data-app-id]')).toHaveLength(1);
    expect(api.bodies('/promotion/myApplications').at(-1)).toEqual({ page: 1, pageSize: 20, status: 'rejected' });
  });

  it('an empty tab says what would appear there and leads to the promotions', async () => {
    fakeApi({ '/promotion/myApplications': (body) => page([], body) });
    open('/user/youhuiCanYu?tab=pending');
    expect(await screen.findByText('没有审核中的申请')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看优惠活动' }).getAttribute('href')).toBe('/user/youhui');
  });
});
