import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, page } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import KycPage from './kyc-page';

const LIST = '/kyc/list';
const DETAIL = '/kyc/detail';
const SETTINGS = '/kyc/settings';

const row = {
  id: 11,
  userId: 7,
  username: 'player01',
  realName: '张三',
  idMasked: '110***********002X',
  status: 'pending' as const,
  submittedAt: '2026-11-23T10:00:00Z',
  reviewedBy: null,
  reviewedAt: null,
  rejectReason: null,
};
const detail = {
  ...row,
  frontImage: '/api/v9/files/FrontFrontFrontFrontFr.jpg',
  backImage: '/api/v9/files/BackBackBackBackBackBa.jpg',
};

function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [LIST]: () => page([row]),
    [DETAIL]: () => ({ data: detail }),
    [SETTINGS]: () => ({ data: { requiredAmount: 500_000 } }),
    ...handlers,
  });
}

/** The page, in a router for the drawer's link to the player. */
const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <KycPage />
    </MemoryRouter>,
  );

/** The modal over the drawer (both are dialogs) whose text has `text`. */
const modalWith = (text: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.textContent?.includes(text) && !d.querySelector('[data-testid="kyc-detail"]'));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: /^查\s*看$/ }));
  return screen.findByTestId('kyc-detail');
}

describe('实名认证', () => {
  it('lists the pending queue masked, opens one with both photos, risk approves', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/kyc/approve': () => ({ data: { ...detail, status: 'approved', reviewedBy: 'risk01' } }) });
    renderPage();
    expect(await screen.findByText('110***********002X')).toBeTruthy();
    expect(api.last(LIST)?.body).toMatchObject({ status: 'pending' });

    const drawer = await openDrawer();
    expect(api.last(DETAIL)?.body).toEqual({ id: 11 });
    expect(within(drawer).getByAltText('人像面').getAttribute('src')).toBe(detail.frontImage);
    expect(within(drawer).getByAltText('国徽面').getAttribute('src')).toBe(detail.backImage);

    fireEvent.click(screen.getByTestId('kyc-approve'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.last('/kyc/approve')?.body).toEqual({ id: 11 }));
  });

  it('a rejection needs its reason, which is sent', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/kyc/reject': () => ({ data: { ...detail, status: 'rejected', rejectReason: '照片模糊' } }) });
    renderPage();
    await openDrawer();
    fireEvent.click(screen.getByTestId('kyc-reject'));
    const dialog = await modalWith('驳回 张三');
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(api.count('/kyc/reject')).toBe(0);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '照片模糊' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.last('/kyc/reject')?.body).toEqual({ id: 11, reason: '照片模糊' }));
  });

  it('shows the whole ID number only for a reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/kyc/reveal': () => ({ data: { idNumber: '11010519491231002X' } }) });
    renderPage();
    await openDrawer();
    fireEvent.click(screen.getByTestId('kyc-reveal'));
    const dialog = await modalWith('查看完整身份证号码');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '核对提款姓名' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查看完整号码/ }));
    expect((await within(dialog).findByTestId('kyc-id-full')).textContent).toContain('11010519491231002X');
    expect(api.last('/kyc/reveal')?.body).toEqual({ id: 11, reason: '核对提款姓名' });
  });

  it('finance reads the queue and the amount but neither reviews, reveals nor sets it', async () => {
    logIn(sessionOf('finance'));
    fake();
    renderPage();
    expect((await screen.findByTestId('kyc-required-amount')).textContent).toBe('¥5,000.00');
    expect(screen.getByText('仅管理员可修改')).toBeTruthy();
    await openDrawer();
    expect(screen.queryByTestId('kyc-approve')).toBeNull();
    expect(screen.queryByTestId('kyc-reveal')).toBeNull();
  });

  it('admin sets the amount in yuan, sent in minor units', async () => {
    logIn(sessionOf('admin'));
    const api = fake({ '/kyc/settings/set': (body) => ({ data: body }) });
    renderPage();
    const input = await screen.findByRole('spinbutton', { name: '修改为' });
    fireEvent.change(input, { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('kyc-settings-save'));
    await waitFor(() => expect(api.last('/kyc/settings/set')?.body).toEqual({ requiredAmount: 200_000 }));
  });
});
