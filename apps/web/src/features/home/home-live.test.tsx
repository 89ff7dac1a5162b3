import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { fakeApi } from '../../test/fake-api';
import HomeBanners from './home-banners';
import { HomeMatches } from './home-live';
import { HOME_LIVE_TEXTS } from './i18n-live';
import { expectBothLanguages } from '../../test/texts';
import { FavouriteStar } from '../../components/favourites/favourite-star';

vi.mock('../../lib/toast', async (orig) => ({
  ...(await orig<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+';
const item = (id: number, status: string, over: Record<string, unknown> = {}) => ({
  id,
  playerA: { name: `A${id}`, avatar: AVATAR },
  playerB: { name: `B${id}`, avatar: AVATAR },
  bestOf: 7,
  startAt: '2026-01-01T10:00:00Z',
  status,
  score: { a: 0, b: 0 },
  mainOdds: { marketId: id * 10, status: 'open', a: 1.8, b: 2.05 },
  seedHash: null,
  frame: null,
  serverSeed: null,
  ...over,
});

/** Renders the home's banners and matches (and `extra`); `data` answers each path's call (code 200). */
function setup(data: Record<string, (body: Record<string, unknown>) => unknown>, extra?: ReactNode) {
  const api = fakeApi(
    Object.fromEntries(
      Object.entries(data).map(([path, answer]) => [
        path,
        async (body: Record<string, unknown>) => ({ code: 200, data: await answer(body) }),
      ]),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: (
          <>
            <HomeBanners />
            <HomeMatches />
            {extra}
          </>
        ),
      },
      { path: '/login', element: <div data-testid="login-stub" /> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(api, { router });
}

const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

describe('home live sections', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists live and upcoming matches with links, and applies MATCH_UPDATED to score and odds', async () => {
    const api = setup({
      '/taiqiu/matches': () => ({
        list: [item(1, 'live', { score: { a: 2, b: 1 } }), item(2, 'scheduled'), item(3, 'finished')],
        total: 3,
        page: 1,
        pageSize: 10,
      }),
      '/notice/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    });
    const cards = await screen.findAllByTestId('home-match');
    expect(cards.map((c) => c.getAttribute('data-match-id'))).toEqual(['1', '2']);
    expect(api.bodies('/taiqiu/matches')).toEqual([{ page: 1, pageSize: 10 }]);
    expect(cards[0]!.getAttribute('href')).toBe('/taiqiu/1');
    expect(cards[0]!.querySelector('[data-testid="home-match-score"]')!.textContent).toBe('2:1');
    expect(cards[0]!.querySelector('[data-testid="home-match-odds"]')!.textContent).toContain('1.80');
    const loads = api.count('/taiqiu/matches');

    await deliver({
      type: 'MATCH_UPDATED',
      matchId: 1,
      status: 'live',
      score: { a: 3, b: 1 },
      markets: [
        {
          id: 10,
          type: 'winner',
          status: 'open',
          selections: [
            { id: 1, pick: 'a', odds: 1.4 },
            { id: 2, pick: 'b', odds: 2.9 },
          ],
        },
      ],
    });
    const card = document.querySelector('[data-match-id="1"]')!;
    expect(card.querySelector('[data-testid="home-match-score"]')!.textContent).toBe('3:1');
    expect(card.querySelector('[data-testid="home-match-odds"]')!.textContent).toContain('1.40');
    expect(card.querySelector('[data-testid="home-match-odds"]')!.textContent).toContain('2.90');
    expect(api.count('/taiqiu/matches')).toBe(loads);

    // A match that is not listed went live: the list reloads.
    await deliver({ type: 'MATCH_UPDATED', matchId: 9, status: 'live', score: { a: 0, b: 0 } });
    expect(api.count('/taiqiu/matches')).toBe(loads + 1);
  });

  it('a match going live while the list loads is not lost: the list is asked for again after it', async () => {
    let answers = 0;
    let answerFirst: () => void = () => {};
    const first = new Promise<void>((resolve) => (answerFirst = resolve));
    const api = setup({
      '/taiqiu/matches': async () => {
        answers += 1;
        // The first answer was read before match 2 went live, and is still on its way.
        if (answers === 1) await first;
        const list = answers === 1 ? [item(1, 'live')] : [item(1, 'live'), item(2, 'live')];
        return { list, total: list.length, page: 1, pageSize: 10 };
      },
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(answers).toBe(1);
    await deliver({ type: 'MATCH_UPDATED', matchId: 2, status: 'live', score: { a: 0, b: 0 } });
    answerFirst();
    expect(await screen.findByText('A2')).toBeTruthy();
    expect(api.count('/taiqiu/matches')).toBe(2);
  });

  it('banners open their link or their article; notices open /details/{id}', async () => {
    setup({
      '/taiqiu/matches': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
      '/notice/list': () => ({
        list: [
          {
            id: 5,
            type: 'banner',
            title: '首存',
            summary: '首次充值加赠',
            image: AVATAR,
            link: '/user/youhui',
            publishedAt: '2026-01-01T00:00:00Z',
          },
          {
            id: 6,
            type: 'banner',
            title: '返水',
            summary: '',
            image: AVATAR,
            link: null,
            publishedAt: '2026-01-01T00:00:00Z',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 6,
      }),
    });
    await screen.findByTestId('banner-carousel');
    expect(document.querySelector('[data-banner-id="5"]')!.getAttribute('href')).toBe('/user/youhui');
    // The text lies over the art, so it reads in the user's language.
    expect(document.querySelector('[data-banner-id="5"]')!.textContent).toBe('首存首次充值加赠');
    expect(document.querySelector('[data-banner-id="6"]')!.getAttribute('href')).toBe('/details/6');
    expect(document.querySelector('[data-notice-id="6"]')!.getAttribute('href')).toBe('/details/6');
    expect(await screen.findByTestId('home-matches-empty')).toBeTruthy();
  });

  it("running promotions' banners follow the content banners and open their details page", async () => {
    const api = setup({
      '/taiqiu/matches': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
      '/notice/list': () => ({
        list: [
          {
            id: 5,
            type: 'banner',
            title: '返水',
            summary: '',
            image: AVATAR,
            link: null,
            publishedAt: '2026-01-01T00:00:00Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 6,
      }),
      '/promotion/banners': () => ({
        items: [
          { id: 5, type: 'first_deposit', title: '首存加赠', summary: '首充最高送 888', image: AVATAR },
          { id: 9, type: 'fee_waiver', title: '提款免手续费', summary: '每周 3 次', image: AVATAR },
        ],
      }),
    });
    await screen.findByTestId('banner-carousel');
    const slides = [...document.querySelectorAll('.home-banner-slide')];
    expect(slides.map((a) => a.getAttribute('href'))).toEqual([
      '/details/5',
      '/user/youhuiDetails?id=5',
      '/user/youhuiDetails?id=9',
    ]);
    expect(slides[1]!.textContent).toBe('首存加赠首充最高送 888');
    expect(document.querySelectorAll('.home-banner-dots span')).toHaveLength(3);
    expect(api.count('/promotion/banners')).toBeGreaterThan(0);
  });

  it('shows the promotions alone when there is no content banner', async () => {
    setup({
      '/taiqiu/matches': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
      '/notice/list': () => ({ list: [], total: 0, page: 1, pageSize: 6 }),
      '/promotion/banners': () => ({
        items: [{ id: 3, type: 'reload', title: '每日加赠', summary: '', image: AVATAR }],
      }),
    });
    await screen.findByTestId('banner-carousel');
    expect(document.querySelector('[data-promotion-id="3"]')!.getAttribute('href')).toBe('/user/youhuiDetails?id=3');
  });
});

const page = (list: unknown[]) => ({ list, total: list.length, page: 1, pageSize: 10 });
const cardIds = () => screen.queryAllByTestId('home-match').map((c) => Number(c.getAttribute('data-match-id')));
const chip = (f: 'all' | 'fav') => document.querySelector(`[data-testid="home-match-filter"] [data-filter="${f}"]`)!;

describe('home: live strips and the favourites filter', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(showToast).mockClear();
    useSession.setState({ token: null, userInfo: null });
    sessionStorage.clear();
  });

  it('has every text in both languages', () => expectBothLanguages(HOME_LIVE_TEXTS));

  it("a live card's strip: the frame's points, who is at the table and the break, kept by MATCH_UPDATED", async () => {
    const frame = { number: 3, points: { a: 24, b: 7 }, atTable: 'a' as const, break: 17, onTable: 116 };
    const api = setup({
      '/taiqiu/matches': () => page([item(1, 'live', { score: { a: 1, b: 1 }, frame }), item(2, 'scheduled')]),
    });
    await screen.findAllByTestId('home-match');
    const strip = () => document.querySelector('[data-match-id="1"] [data-testid="home-strip"]')!;
    expect(strip().getAttribute('data-at-table')).toBe('a');
    expect(strip().textContent).toBe('24第 3 局单杆 177');
    expect(strip().getAttribute('aria-label')).toBe('第 3 局 · 24 : 7 · A1 单杆 17 分');
    // Only live matches have one.
    expect(document.querySelector('[data-match-id="2"] [data-testid="home-strip"]')).toBeNull();
    const loads = api.count('/taiqiu/matches');

    await deliver({
      type: 'MATCH_UPDATED',
      matchId: 1,
      status: 'live',
      score: { a: 1, b: 1 },
      frame: { ...frame, points: { a: 24, b: 15 }, atTable: 'b', break: 8, onTable: 108 },
      visit: { seq: 30, frame: 3, player: 'b', points: 8, break: 8, foul: 0 },
    });
    expect(strip().getAttribute('data-at-table')).toBe('b');
    expect(strip().querySelector('[data-testid="home-strip-b"]')!.textContent).toBe('15');
    expect(strip().querySelector('[data-testid="home-strip-break"]')!.textContent).toBe('单杆 8');

    // The frame ends: the next one is up.
    await deliver({ type: 'MATCH_UPDATED', matchId: 1, status: 'live', score: { a: 1, b: 2 }, frame: null });
    expect(strip().textContent).toBe('局间休息 · 第 4 局即将开始');
    expect(document.querySelector('[data-match-id="1"] [data-testid="home-match-score"]')!.textContent).toBe('1:2');
    expect(api.count('/taiqiu/matches')).toBe(loads);
  });

  it('收藏 asks the server for the favourites alone (starred matches and those of starred players)', async () => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: null });
    const all = [item(1, 'live'), ...[2, 3, 4, 5, 6, 7, 8].map((id) => item(id, 'scheduled'))];
    // Match 2 and 8 starred; 3 and 9 have B3 (on either side); ended ones are dropped.
    const favs = [
      item(2, 'scheduled'),
      item(3, 'scheduled'),
      item(8, 'scheduled'),
      item(9, 'scheduled', { playerA: { name: 'B3', avatar: AVATAR } }),
      item(10, 'finished', { playerB: { name: 'B3', avatar: AVATAR } }),
    ];
    const api = setup(
      {
        '/taiqiu/matches': (body) => page(body.favourites ? favs : all),
        '/taiqiu/favourites': () => ({ matches: [2, 8], players: ['B3'] }),
        '/taiqiu/favourites/set': () => ({ matches: [2], players: ['B3'] }),
      },
      <FavouriteStar target={{ matchId: 8 }} label="收藏本场比赛" testId="star-8" />,
    );
    await screen.findAllByTestId('home-match');
    expect(cardIds()).toEqual([1, 2, 3, 4, 5, 6]);
    await waitFor(() => expect(screen.getAllByTestId('home-match-starred')).toHaveLength(2));

    fireEvent.click(chip('fav'));
    expect(chip('fav').getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(cardIds()).toEqual([2, 3, 8, 9]));
    expect(screen.getByTestId('home-matches').getAttribute('data-filter')).toBe('fav');
    expect(screen.getAllByTestId('home-match-starred')).toHaveLength(4);
    expect(api.bodies('/taiqiu/matches')).toEqual([
      { page: 1, pageSize: 10 },
      { page: 1, pageSize: 20, favourites: true },
    ]);

    // News of a match the list does not have: not a favourite, nothing to read again; one of its own
    // going live: the list is read again.
    await deliver({ type: 'MATCH_UPDATED', matchId: 5, status: 'live', score: { a: 0, b: 0 } });
    expect(api.count('/taiqiu/matches')).toBe(2);
    await deliver({ type: 'MATCH_UPDATED', matchId: 8, status: 'live', score: { a: 0, b: 0 } });
    await waitFor(() => expect(api.count('/taiqiu/matches')).toBe(3));

    // A star changed elsewhere (the match page): the favourites are read again.
    fireEvent.click(screen.getByTestId('star-8'));
    await waitFor(() => expect(api.count('/taiqiu/matches')).toBe(4));
    expect(api.bodies('/taiqiu/matches')[3]).toEqual({ page: 1, pageSize: 20, favourites: true });

    // All again: its list as read (the news since marked it stale, so it is read once more).
    fireEvent.click(chip('all'));
    expect(cardIds()).toEqual([1, 2, 3, 4, 5, 6]);
    await waitFor(() => expect(api.bodies('/taiqiu/matches')[4]).toEqual({ page: 1, pageSize: 10 }));
  });

  it('收藏 with nothing starred says what would show there; a failure offers to retry', async () => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: null });
    let failing = false;
    const api = fakeApi({
      '/taiqiu/matches': (body) =>
        failing && body.favourites
          ? { code: 500, msg: 'down' }
          : { code: 200, data: page(body.favourites ? [] : [item(1, 'live')]) },
      '/taiqiu/favourites': () => ({ code: 200, data: { matches: [], players: [] } }),
    });
    // The filter chosen before (this tab).
    sessionStorage.setItem('home_match_filter', 'fav');
    const renderMatches = () =>
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider
            router={createMemoryRouter([{ path: '/home', element: <HomeMatches /> }], { initialEntries: ['/home'] })}
          />
        </QueryClientProvider>,
      );
    renderMatches();
    expect((await screen.findByTestId('home-fav-empty')).textContent).toContain('暂无收藏的比赛');
    expect(cardIds()).toEqual([]);
    expect(api.bodies('/taiqiu/matches')).toEqual([{ page: 1, pageSize: 20, favourites: true }]);
    cleanup();

    failing = true;
    renderMatches();
    expect(await screen.findByText('收藏加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByText('重试'));
    expect((await screen.findByTestId('home-fav-empty')).textContent).toContain('暂无收藏的比赛');
  });

  it('a guest tapping 收藏 is asked to log in', async () => {
    const api = setup({ '/taiqiu/matches': () => page([item(1, 'live')]) });
    await screen.findAllByTestId('home-match');
    fireEvent.click(chip('fav'));
    expect(showToast).toHaveBeenCalledWith('请先登录');
    expect(chip('all').getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(api.router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(api.count('/taiqiu/favourites')).toBe(0);
  });
});
