import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { GameLobby } from './game-lobby';

const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';
const slot = (code: string, name: string) => ({
  code,
  name,
  gameType: 'slots',
  providerId: 'demo',
  providerName: '演示游戏',
  image: IMAGE,
});
const LIST = {
  categories: [
    { gameType: 'slots', games: [slot('demo-slot', '幸运水果'), { ...slot('gold-rush', '淘金热'), image: '' }] },
  ],
};

const lobby = () =>
  renderAt(<GameLobby billiards={<div data-testid="billiards">billiards list</div>} />, '/home', '/home');
const tab = (name: string) => screen.getByRole('tab', { name });

describe('/home games lobby', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.removeItem('games_tab');
    await setLanguage('zh-CN');
  });

  it('has the categories 台球, 电子, 棋牌: 台球 shows the billiards list, 电子 the slot tiles', async () => {
    const api = fakeApi({ '/game/list': () => ({ code: 200, data: LIST }) });
    lobby();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['台球', '电子', '棋牌']);
    expect(tab('台球').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('billiards')).toBeTruthy();

    fireEvent.click(tab('电子'));
    expect(screen.queryByTestId('billiards')).toBeNull();
    const tiles = await screen.findAllByTestId('game-tile');
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual(['/game/demo-slot', '/game/gold-rush']);
    expect(tiles[0]!.textContent).toBe('幸运水果演示游戏');
    expect(tiles[0]!.getAttribute('aria-label')).toBe('进入 幸运水果');
    expect(tiles[0]!.querySelector('img')!.getAttribute('src')).toBe(IMAGE);
    // No picture: the name's first letter stands in.
    expect(tiles[1]!.querySelector('img')).toBeNull();
    expect(within(tiles[1]!).getByText('淘')).toBeTruthy();
    expect(api.bodies('/game/list')).toEqual([{}]);
  });

  it('a category without games says so; the chosen category is kept on the way back from a game', async () => {
    fakeApi({ '/game/list': () => ({ code: 200, data: LIST }) });
    lobby();
    fireEvent.click(tab('棋牌'));
    expect((await screen.findByTestId('games-empty')).textContent).toBe('该分类暂无游戏，敬请期待');
    cleanup();
    lobby();
    expect(tab('棋牌').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('games-empty')).toBeTruthy();
  });

  it('shows placeholders while loading, and a failure with a retry that loads the tiles', async () => {
    let answer = () => ({ code: 500, msg: 'boom' });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    fakeApi({
      '/game/list': async () => {
        await gate;
        return answer();
      },
    });
    lobby();
    fireEvent.click(tab('电子'));
    expect(document.querySelector('.games-grid[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByTestId('game-tile')).toBeNull();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('游戏列表加载失败');
    answer = () => ({ code: 200, data: LIST }) as never;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(2);
  });

  it('speaks English when the player chose it', async () => {
    await setLanguage('en');
    fakeApi({ '/game/list': () => ({ code: 200, data: { categories: [] } }) });
    lobby();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Billiards', 'Slots', 'Poker']);
    fireEvent.click(tab('Slots'));
    expect((await screen.findByTestId('games-empty')).textContent).toBe(
      'No games in this category yet. Check back soon.',
    );
  });
});
