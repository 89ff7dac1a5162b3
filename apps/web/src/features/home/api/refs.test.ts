import { content, games, promotions, taiqiu } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { gameListRef } from './game-list';
import { noticeListRef } from './notice-list';
import { promotionBannersRef } from './promotion-banners';
import { matchesRef } from './taiqiu-matches';

describe('home light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [noticeListRef, content.noticeList],
      [matchesRef, taiqiu.matches],
      [gameListRef, games.list],
      [promotionBannersRef, promotions.promotionBanners],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });
});
