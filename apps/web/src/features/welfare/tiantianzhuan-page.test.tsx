import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeAppApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import FuliPage from './fuli-page';
import { spinInfo } from './test-fixtures';
import TiantianzhuanPage from './tiantianzhuan-page';
import type * as Wheel from './wheel';

// The wheel turns for 200 ms here instead of 4 s (a test may make it turn longer).
const timing = vi.hoisted(() => ({ spinMs: 200 }));
vi.mock('./wheel', async (original) => ({
  ...(await original<typeof Wheel>()),
  get SPIN_MS() {
    return timing.spinMs;
  },
}));

// A seed and what Node's crypto gives for it: HMAC-SHA256(seed, 'match:7:0:0') → x = 0.662…, which
// falls in prize 6's slice of these weights (60–70 of 100).
const SEED = 'ab'.repeat(32);
const HASH = '271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a';
const WEIGHTS = [10, 10, 10, 10, 10, 10, 10, 30];

const draw = (over: Record<string, unknown> = {}) => ({
  id: 9,
  prizeIndex: 4,
  label: '¥8.88',
  amount: 888,
  rewardId: 31,
  date: '2026-01-05',
  seedHash: 'c0ffee'.repeat(10) + 'beef',
  serverSeed: null,
  clientSeed: 'x',
  nonce: 3,
  weights: WEIGHTS,
  createdAt: '2026-01-05T02:00:00Z',
  ...over,
});

const noRecords = () => ({ code: 200, data: { list: [], total: 0, page: 1, pageSize: 20 } });
const open = () => renderAt(<TiantianzhuanPage />, '/user/tiantianzhuan', '/user/tiantianzhuan');

/** Makes the page see `prefers-reduced-motion: reduce` (or not). */
const reducedMotion = (on: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: on && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

describe('daily wheel', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    timing.spinMs = 200;
    useSession.setState({ token: null, userInfo: null });
  });

  it('spins to the server’s prize, shows it when the wheel stops, and 去领奖 opens the rewards', async () => {
    reducedMotion(false);
    let left = 2;
    const api = fakeAppApi({
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: left }) }),
      '/user/spin/draw': () => ({ code: 200, data: { ...draw(), spinsLeft: --left } }),
      '/user/spin/records': noRecords,
    });
    const { router } = open();
    expect((await screen.findByTestId('spins-left')).textContent).toBe('今日剩余 2 次');
    const labels = [...screen.getByTestId('wheel-disc').querySelectorAll('[data-prize-index]')];
    expect(labels.map((l) => l.textContent)).toEqual([
      '¥0.88',
      '¥1.88',
      '谢谢参与',
      '¥5.88',
      '¥8.88',
      '¥18.88',
      '¥88.00',
      '¥188.00',
    ]);

    const seed = (screen.getByTestId('client-seed') as HTMLInputElement).value;
    expect(seed).toMatch(/^[0-9a-f]{16}$/);
    const spin = screen.getByRole('button', { name: '开始抽奖' });
    fireEvent.click(spin);
    fireEvent.click(spin);
    // Turning: several whole turns, stopping with prize 4 under the pointer; no result yet.
    await waitFor(() => expect(screen.getByTestId('spins-left').textContent).toBe('转动中…'));
    const disc = screen.getByTestId('wheel-disc');
    expect(disc.getAttribute('data-pointer-index')).toBe('4');
    expect(Number(disc.getAttribute('data-rotation'))).toBeGreaterThanOrEqual(5 * 360);
    expect(disc.style.transform).toBe(`rotate(${disc.getAttribute('data-rotation')}deg)`);
    expect(screen.queryByTestId('spin-result')).toBeNull();
    expect((spin as HTMLButtonElement).disabled).toBe(true);
    // My prizes do not give the result away before the wheel stops.
    expect(api.count('/user/spin/records')).toBe(1);

    const result = await screen.findByTestId('spin-result');
    expect(result.getAttribute('data-prize-index')).toBe('4');
    expect(within(result).getByText('恭喜获得')).toBeTruthy();
    expect(within(result).getByTestId('spin-result-prize').textContent).toBe('¥8.88');
    expect(api.bodies('/user/spin/draw')).toEqual([{ clientSeed: seed }]);
    expect(screen.getByTestId('spins-left').textContent).toBe('今日剩余 1 次');
    // The next spin gets a fresh client seed.
    expect((screen.getByTestId('client-seed') as HTMLInputElement).value).not.toBe(seed);
    // The lists catch up once the wheel has stopped.
    await waitFor(() => expect(api.count('/user/spin/records')).toBe(2));

    fireEvent.click(within(result).getByTestId('spin-claim'));
    expect(router.state.location.pathname).toBe('/user/lingjiang');
  });

  it('leaving while the wheel turns: 福利中心 still shows the prize waiting (the answer decided it)', async () => {
    reducedMotion(false);
    timing.spinMs = 60_000;
    let won = 0;
    fakeAppApi({
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 1 - won }) }),
      '/user/spin/draw': () => ({ code: 200, data: { ...draw(), spinsLeft: 1 - ++won } }),
      '/user/spin/records': noRecords,
      '/user/everydayGameReward': () => ({
        code: 200,
        data: { date: '2026-01-05', validBet: 0, tiers: [], endsAt: '2026-01-05T16:00:00Z' },
      }),
      '/user/reward/list': () => ({
        code: 200,
        data: { list: [], total: won, page: 1, pageSize: 1, unclaimedCount: won, unclaimedTotal: won * 888 },
      }),
    });
    // The app's cache keeps what 福利中心 showed for a while (staleTime): only a refresh renews it.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const router = createMemoryRouter(
      [
        { path: '/user/fuli', element: <FuliPage /> },
        { path: '/user/tiantianzhuan', element: <TiantianzhuanPage /> },
      ],
      { initialEntries: ['/user/fuli'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('waiting-count')).textContent).toBe('暂无待领取奖励');
    await act(() => router.navigate('/user/tiantianzhuan'));
    fireEvent.click(await screen.findByRole('button', { name: '开始抽奖' }));
    await waitFor(() => expect(screen.getByTestId('spins-left').textContent).toBe('转动中…'));
    await act(() => router.navigate('/user/fuli'));
    await waitFor(() => expect(screen.getByTestId('waiting-count').textContent).toBe('1 笔待领取'));
    expect(screen.getByTestId('waiting-total').textContent).toBe('¥8.88');
    expect(screen.getByTestId('spins-left').textContent).toBe('0 次');
  });

  it('with reduced motion the result shows at once, on the same prize; a second spin turns forward again', async () => {
    reducedMotion(true);
    // A turn would outlast the test: the result can only come from skipping it.
    timing.spinMs = 60_000;
    const prizes = [2, 7];
    fakeAppApi({
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 2 }) }),
      '/user/spin/draw': () => {
        const prizeIndex = prizes.shift()!;
        return {
          code: 200,
          data: {
            ...draw({
              prizeIndex,
              label: prizeIndex === 2 ? '谢谢参与' : '¥188.00',
              amount: prizeIndex === 2 ? 0 : 18_800,
            }),
            spinsLeft: prizes.length,
          },
        };
      },
      '/user/spin/records': noRecords,
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '开始抽奖' }));
    const result = await screen.findByTestId('spin-result');
    expect(screen.queryByText('转动中…')).toBeNull();
    expect(within(result).getByRole('heading').textContent).toBe('很遗憾，这次没中');
    expect(within(result).getByTestId('spin-result-prize').textContent).toBe('谢谢参与');
    const disc = screen.getByTestId('wheel-disc');
    expect(disc.getAttribute('data-pointer-index')).toBe('2');
    const first = Number(disc.getAttribute('data-rotation'));

    fireEvent.click(within(result).getByRole('button', { name: '再转一次' }));
    await waitFor(() => expect(screen.getByTestId('wheel-disc').getAttribute('data-pointer-index')).toBe('7'));
    expect(Number(screen.getByTestId('wheel-disc').getAttribute('data-rotation'))).toBeGreaterThan(first);
    expect(within(await screen.findByTestId('spin-result')).getByTestId('spin-result-prize').textContent).toBe(
      '¥188.00',
    );
  });

  it('no spin left: the button is off, the ways to earn more and 去充值 are shown; a refused spin says why', async () => {
    reducedMotion(true);
    fakeAppApi({
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 0, used: 1 }) }),
      '/user/spin/records': noRecords,
    });
    open();
    expect((await screen.findByTestId('spins-left')).textContent).toBe('今日次数已用完');
    expect((screen.getByRole('button', { name: '开始抽奖' }) as HTMLButtonElement).disabled).toBe(true);
    const how = screen.getByTestId('wheel-how').textContent;
    expect(how).toContain('每日免费 1 次');
    expect(how).toContain('单笔充值满 ¥100.00 再得 1 次，每日最多 5 次');
    expect(screen.getByTestId('to-deposit').getAttribute('href')).toBe('/user/chongzhi');
    cleanup();

    // The page said one was left, but another device used it meanwhile.
    fakeAppApi({
      '/user/spin/info': () => ({ code: 200, data: spinInfo({ spinsLeft: 1 }) }),
      '/user/spin/draw': () => ({ code: 409, msg: '今日抽奖次数已用完，充值满 ¥100.00 可再得一次' }),
      '/user/spin/records': noRecords,
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '开始抽奖' }));
    expect(await screen.findByText('今日抽奖次数已用完，充值满 ¥100.00 可再得一次')).toBeTruthy();
    expect(screen.queryByTestId('spin-result')).toBeNull();
  });

  it('shows the winners, today’s seed hash, yesterday’s seed, and verifies a past draw from its revealed seed', async () => {
    reducedMotion(true);
    fakeAppApi({
      '/user/spin/info': () => ({ code: 200, data: spinInfo() }),
      '/user/spin/records': () => ({
        code: 200,
        data: {
          list: [
            draw({ id: 1, prizeIndex: 6, serverSeed: SEED, seedHash: HASH, clientSeed: 'match:7', nonce: 0 }),
            draw({ id: 2, prizeIndex: 5, serverSeed: SEED, seedHash: HASH, clientSeed: 'match:7', nonce: 0 }),
            draw({ id: 3 }),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
        },
      }),
    });
    open();
    const winners = await screen.findByTestId('winners');
    expect(winners.textContent).toContain('pl***01 抽中 ¥88.00');
    expect(screen.getByTestId('today-hash').textContent).toBe('c0ffee'.repeat(10) + 'beef');
    expect(screen.getByTestId('yesterday-seed').textContent).toBe('cd34'.repeat(16));
    expect(screen.getByTestId('fairness').textContent).toContain('HMAC-SHA256(服务器种子, "客户端种子:nonce:0")');

    const records = await screen.findByTestId('spin-records');
    const ok = records.querySelector('[data-draw-id="1"]') as HTMLElement;
    expect(ok.textContent).toContain('¥8.88');
    fireEvent.click(within(ok).getByTestId('verify-draw'));
    expect((await within(ok).findByTestId('verify-result')).textContent).toBe(
      '✓ 验证通过：种子与哈希一致，结果为第 7 个奖品',
    );
    // A record that claims another prize than its seed gives fails the check.
    const wrong = records.querySelector('[data-draw-id="2"]') as HTMLElement;
    fireEvent.click(within(wrong).getByTestId('verify-draw'));
    expect((await within(wrong).findByTestId('verify-result')).textContent).toBe('✗ 验证不通过：验算结果为第 7 个奖品');
    // Today's draw: the seed comes tomorrow, nothing to verify yet.
    const today = records.querySelector('[data-draw-id="3"]') as HTMLElement;
    expect(today.textContent).toContain('次日公布');
    expect(within(today).queryByTestId('verify-draw')).toBeNull();
  });
});
