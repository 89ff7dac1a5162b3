import { promotions } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { expectBothLanguages } from '../../../test/texts';
import { promotionTexts } from '../i18n';
import {
  myApplicationsRef,
  promotionApplyRef,
  promotionDetailsRef,
  promotionListRef,
  zhudanListRef,
} from './promotions';

describe('promotion light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [promotionListRef, promotions.promotionList],
      [promotionDetailsRef, promotions.promotionDetails],
      [promotionApplyRef, promotions.promotionApply],
      [myApplicationsRef, promotions.promotionMyApplications],
      [zhudanListRef, promotions.promotionZhudanList],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });

  it('every text has both languages, and every type and state has its words', () => {
    expectBothLanguages(promotionTexts);
    const zh = promotionTexts['zh-CN'];
    for (const type of promotions.promotionTypes) {
      expect(zh[`promo.type.${type}`], type).toBeTruthy();
      if (type !== 'lucky_slip') expect(zh[`promo.hint.${type}`], type).toBeTruthy();
    }
    for (const period of ['once', 'day', 'week', 'month']) {
      expect(zh[`promo.often.${period}`]).toBeTruthy();
      expect(zh[`promo.capValue.${period}`]).toBeTruthy();
      expect(zh[`promo.current.${period}`]).toBeTruthy();
    }
  });
});
