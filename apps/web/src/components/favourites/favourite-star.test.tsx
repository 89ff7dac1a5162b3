import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { MAX_FAVOURITES } from '../../lib/taiqiu-favourites';
import { showToast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { fakeApi } from '../../test/fake-api';
import { expectBothLanguages } from '../../test/texts';
import { renderAt } from '../../test/render';
import { FavouriteStar } from './favourite-star';
import { FAVOURITE_TEXTS } from './i18n';

vi.mock('../../lib/toast', async (orig) => ({
  ...(await orig<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

/** A match's star and its two players' stars, as the match page has them. */
function Stars() {
  return (
    <>
      <FavouriteStar target={{ matchId: 7 }} label="收藏本场比赛" testId="star-match" />
      <FavouriteStar target={{ player: '林浩然' }} label="收藏选手 林浩然" testId="star-a" small />
      <FavouriteStar target={{ player: '陈子轩' }} label="收藏选手 陈子轩" testId="star-b" small />
    </>
  );
}

const pressed = (testId: string) => screen.getByTestId(testId).getAttribute('aria-pressed');

describe('the favourite star', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(showToast).mockClear();
    useSession.setState({ token: null, userInfo: null });
  });

  it('has every text in both languages', () => expectBothLanguages(FAVOURITE_TEXTS));

  describe('for a player', () => {
    beforeEach(() => {
      storage.set(TOKEN_KEY, 'tok');
      useSession.setState({ token: 'tok', userInfo: null });
    });

    it('shows what is starred, turns at once when tapped, and keeps the saved list', async () => {
      let answer: () => void = () => {};
      const api = fakeApi({
        '/taiqiu/favourites': () => ({ code: 200, data: { matches: [], players: ['陈子轩'] } }),
        '/taiqiu/favourites/set': () =>
          new Promise((resolve) => {
            answer = () => resolve({ code: 200, data: { matches: [7], players: ['陈子轩'] } });
          }),
      });
      renderAt(<Stars />);
      await waitFor(() => expect(pressed('star-b')).toBe('true'));
      expect(pressed('star-match')).toBe('false');
      expect(pressed('star-a')).toBe('false');

      fireEvent.click(screen.getByTestId('star-match'));
      // Shown before the server answers (it has not yet).
      await waitFor(() => expect(pressed('star-match')).toBe('true'));
      await waitFor(() => expect(api.bodies('/taiqiu/favourites/set')).toEqual([{ matchId: 7, on: true }]));
      await act(async () => answer());
      expect(pressed('star-match')).toBe('true');
      expect(showToast).not.toHaveBeenCalled();

      // Unstarring a player sends the player's name.
      fireEvent.click(screen.getByTestId('star-b'));
      await waitFor(() => expect(pressed('star-b')).toBe('false'));
      await waitFor(() => expect(api.bodies('/taiqiu/favourites/set')[1]).toEqual({ player: '陈子轩', on: false }));
      await act(async () => answer());
      expect(api.count('/taiqiu/favourites')).toBe(1);
    });

    it('puts the star back and says why when the server refuses it', async () => {
      let refuse: () => void = () => {};
      const api = fakeApi({
        '/taiqiu/favourites': () => ({ code: 200, data: { matches: [], players: [] } }),
        '/taiqiu/favourites/set': () =>
          new Promise((resolve) => {
            refuse = () => resolve({ code: 422, msg: '收藏已达上限' });
          }),
      });
      renderAt(<Stars />);
      await waitFor(() => expect(api.count('/taiqiu/favourites')).toBe(1));
      fireEvent.click(screen.getByTestId('star-a'));
      await waitFor(() => expect(pressed('star-a')).toBe('true'));
      await waitFor(() => expect(api.count('/taiqiu/favourites/set')).toBe(1));
      await act(async () => refuse());
      await waitFor(() => expect(pressed('star-a')).toBe('false'));
      expect(api.bodies('/taiqiu/favourites/set')).toEqual([{ player: '林浩然', on: true }]);
      expect(showToast).toHaveBeenCalledWith('收藏未保存：收藏已达上限', 'fail');
    });

    it(`at ${MAX_FAVOURITES} favourites says so without asking the server`, async () => {
      // One of the 200 is a player shown here: their star lit says the list has reached the page.
      const matches = Array.from({ length: MAX_FAVOURITES - 1 }, (_, i) => 100 + i);
      const api = fakeApi({ '/taiqiu/favourites': () => ({ code: 200, data: { matches, players: ['林浩然'] } }) });
      renderAt(<Stars />);
      await waitFor(() => expect(pressed('star-a')).toBe('true'));
      fireEvent.click(screen.getByTestId('star-match'));
      expect(pressed('star-match')).toBe('false');
      expect(showToast).toHaveBeenCalledWith(`最多收藏 ${MAX_FAVOURITES} 项，请先取消一些收藏`);
      expect(api.count('/taiqiu/favourites/set')).toBe(0);
    });
  });

  it('a guest tapping it sees 请先登录 and goes to /login with a way back', async () => {
    const api = fakeApi({});
    const { router } = renderAt(<Stars />, '/taiqiu/:id', '/taiqiu/7');
    fireEvent.click(screen.getByTestId('star-a'));
    expect(showToast).toHaveBeenCalledWith('请先登录');
    expect(pressed('star-a')).toBe('false');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(router.state.location.search).toBe('?redirect=%2Ftaiqiu%2F7');
    expect(api.count('/taiqiu/favourites')).toBe(0);
  });
});
