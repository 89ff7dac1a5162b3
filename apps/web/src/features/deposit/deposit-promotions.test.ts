import { describe, expect, it } from 'vitest';
import { promotionBonus, promotionMinDeposit, stillPays } from './deposit-promotions';

const reload = {
  type: 'reload' as const,
  rules: {
    type: 'reload' as const,
    tiers: [
      { minDeposit: 10_000, rateBps: 500, maxBonus: 2_000 },
      { minDeposit: 100_000, rateBps: 1_000, maxBonus: 50_000 },
    ],
  },
  capAmount: 30_000,
  application: null,
  joined: false,
  canApply: true,
};
const application = (status: 'pending' | 'granted' | 'rejected', amount: number) => ({
  id: 1,
  promotionId: 2,
  type: 'reload' as const,
  title: '加赠',
  periodKey: '2026-11-25',
  status,
  reason: null,
  amount,
  progress: 0,
  uses: 0,
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-25T01:00:00Z',
});

describe('deposit promotion bonus', () => {
  it("pays the highest reached tier's rate, at most its maxBonus and what is left of the cap", () => {
    expect(promotionBonus(9_999, reload)).toBe(0);
    expect(promotionBonus(10_000, reload)).toBe(500); // 5 %
    expect(promotionBonus(99_999, reload)).toBe(2_000); // 4,999.95 capped by the tier's 2,000
    expect(promotionBonus(200_000, reload)).toBe(20_000); // 10 % of the second tier
    expect(promotionBonus(400_000, reload)).toBe(30_000); // the period cap
    expect(promotionBonus(400_000, { ...reload, capAmount: null })).toBe(40_000);
    // 25,000 granted today: 5,000 of the day's cap is left.
    expect(promotionBonus(200_000, { ...reload, application: application('granted', 25_000) })).toBe(5_000);
    expect(promotionMinDeposit(reload)).toBe(10_000);
  });

  it('offers what the player may apply for, and a joined promotion only while it still pays', () => {
    expect(stillPays(reload)).toBe(true);
    expect(stillPays({ ...reload, canApply: false })).toBe(false);
    const joined = { ...reload, canApply: false, joined: true };
    expect(stillPays({ ...joined, application: application('granted', 10_000) })).toBe(true);
    expect(stillPays({ ...joined, application: application('granted', 30_000) })).toBe(false);
    expect(stillPays({ ...joined, application: application('rejected', 0) })).toBe(false);
    const first = {
      ...joined,
      type: 'first_deposit' as const,
      rules: { ...reload.rules, type: 'first_deposit' as const },
    };
    expect(stillPays({ ...first, application: application('pending', 0) })).toBe(true);
    expect(stillPays({ ...first, application: application('granted', 500) })).toBe(false);
  });
});
