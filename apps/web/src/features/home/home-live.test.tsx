import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../lib/live';
import { live } from '../../lib/session';
import { fakeApi } from '../../test/fake-api';
import HomeBanners from './home-banners';
import { HomeMatches } from './home-live';

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

/** Renders the home's banners and matches; `data` answers each path's call (code 200). */
function setup(data: Record<string, () => unknown>) {
  const api = fakeApi(
    Object.fromEntries(
      Object.entries(data).map(([path, answer]) => [path, async () => ({ code: 200, data: await answer() })]),
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
          </>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return api;
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
