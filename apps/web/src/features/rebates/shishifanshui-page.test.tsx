import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeAppApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import ShishifanshuiPage from './shishifanshui-page';

const item = (gameType: string, validBet: number, rateBp: number) => ({
  gameType,
  validBet,
  rateBp,
  amount: Math.floor((validBet * rateBp) / 10_000),
});

/** 1,000.00 billiards at 0.80 % and 500.00 slots at 1.00 %: 8.00 + 5.00 to claim. */
const summary = (over: Record<string, unknown> = {}) => ({
  vipLevel: 3,
  total: 1_300,
  items: [item('taiqiu', 100_000, 80), item('slots', 50_000, 100), item('poker', 0, 90)],
  minClaim: 100,
  intervalMinutes: 10,
  lastClaimAt: null,
  nextClaimAt: null,
  ...over,
});

const open = () => renderAt(<ShishifanshuiPage />, '/user/shishifanshui', '/user/shishifanshui');
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('real-time rebate page', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, balance: 10_000 } });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    queryClient.clear();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('shows the claimable total and each game type; 一键领取 pays, updates the balance and waits out the interval', async () => {
    let claimed = false;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeAppApi({
      '/user/rebate/summary': () => ({
        code: 200,
        data: claimed
          ? summary({
              total: 0,
              items: [item('taiqiu', 0, 80), item('slots', 0, 100), item('poker', 0, 90)],
              lastClaimAt: new Date().toISOString(),
              nextClaimAt: inSeconds(600),
            })
          : summary(),
      }),
      '/user/rebate/claim': async () => {
        await gate;
        claimed = true;
        return {
          code: 200,
          data: { id: 7, amount: 1_300, items: [], createdAt: new Date().toISOString(), balance: 11_300 },
        };
      },
      '/user/info': () => ({ code: 200, data: { ...demoUser, balance: 11_300 } }),
    });
    open();
    await waitFor(() => expect(screen.getByTestId('rebate-total').textContent).toBe('¥13.00'));
    const taiqiu = screen.getByTestId('rebate-taiqiu').textContent;
    expect(taiqiu).toContain('台球');
    expect(taiqiu).toContain('¥1,000.00');
    expect(taiqiu).toContain('0.80%');
    expect(taiqiu).toContain('¥8.00');
    expect(screen.getByTestId('rebate-slots').textContent).toContain('1.00%');
    expect(screen.getByTestId('rebate-slots').textContent).toContain('¥5.00');
    expect(screen.getByText('VIP3 返水比例')).toBeTruthy();
    expect(screen.getByTestId('link-rules').getAttribute('href')).toBe('/user/fanshuiguize');
    expect(screen.getByTestId('link-logs').getAttribute('href')).toBe('/user/fanshuilogs');

    const button = screen.getByTestId('rebate-claim') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByTestId('rebate-reason')).toBeNull();
    // Pressed twice in a row: one claim, the button busy meanwhile.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.textContent).toBe('领取中…');
    expect(button.disabled).toBe(true);
    release();

    expect(await screen.findByText('已领取返水 ¥13.00')).toBeTruthy();
    expect(api.count('/user/rebate/claim')).toBe(1);
    expect(useSession.getState().userInfo?.balance).toBe(11_300);
    await waitFor(() => expect(screen.getByTestId('rebate-total').textContent).toBe('¥0.00'));
    expect(screen.getByTestId('rebate-reason').textContent).toMatch(/^(10:00|09:5\d) 后可再次领取$/);
    expect((screen.getByTestId('rebate-claim') as HTMLButtonElement).disabled).toBe(true);
  });

  it('within the interval the button waits with a live countdown, then opens', async () => {
    fakeAppApi({ '/user/rebate/summary': () => ({ code: 200, data: summary({ nextClaimAt: inSeconds(2) }) }) });
    open();
    const reason = await screen.findByTestId('rebate-reason');
    expect(reason.textContent).toMatch(/^00:0[12] 后可再次领取$/);
    expect((screen.getByTestId('rebate-claim') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('rebate-reason')).toBeNull(), { timeout: 4_000 });
    expect((screen.getByTestId('rebate-claim') as HTMLButtonElement).disabled).toBe(false);
  });

  it('below the minimum the button says from how much it can be claimed', async () => {
    fakeAppApi({
      '/user/rebate/summary': () => ({
        code: 200,
        data: summary({ total: 80, items: [item('taiqiu', 10_000, 80), item('slots', 0, 100), item('poker', 0, 90)] }),
      }),
    });
    open();
    expect((await screen.findByTestId('rebate-reason')).textContent).toBe('满 ¥1.00 才可领取');
    expect((screen.getByTestId('rebate-claim') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a refused claim shows the server’s message and reloads the figures', async () => {
    await setLanguage('en');
    const api = fakeAppApi({
      '/user/rebate/summary': () => ({ code: 200, data: summary() }),
      '/user/rebate/claim': () => ({
        code: 429,
        msg: 'Rebates can be claimed once every 10 minutes; try again in 4 min 10 s',
        data: { retryAfter: 250 },
      }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim all' }));
    expect(
      await screen.findByText('Rebates can be claimed once every 10 minutes; try again in 4 min 10 s'),
    ).toBeTruthy();
    await waitFor(() => expect(api.count('/user/rebate/summary')).toBe(2));
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    fakeAppApi({
      '/user/rebate/summary': () => (fail ? { code: 500, msg: '服务繁忙' } : { code: 200, data: summary() }),
    });
    open();
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('服务繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('rebate-total').textContent).toBe('¥13.00'));
  });

  it('a lost bet settling (BET_SETTLED, no money moved) refreshes the figures without a reload', async () => {
    let total = 1_300;
    fakeAppApi({ '/user/rebate/summary': () => ({ code: 200, data: summary({ total }) }) });
    // The app's own query client: the session refreshes the user's queries on the live event.
    const router = createMemoryRouter([{ path: '*', element: <ShishifanshuiPage /> }], {
      initialEntries: ['/user/shishifanshui'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('rebate-total').textContent).toBe('¥13.00'));
    total = 2_100;
    await act(async () => {
      // As the socket delivers it: only known event types get through.
      (live as unknown as { handleMessage: (data: string) => void }).handleMessage(
        JSON.stringify({ type: 'BET_SETTLED', betNo: 'B7', gameType: 'slots' }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('rebate-total').textContent).toBe('¥21.00'), { timeout: 5_000 });
  });
});
