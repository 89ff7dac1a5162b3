import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionsOnBetSettled, useFeeWaiver } from '../../src/modules/promotions/service.js';
import { promotionApplications } from '../../src/modules/promotions/tables.js';
import { inTransaction } from '../../src/platform/db.js';
import { apply, savePromotion } from '../helpers/promotions.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * useFeeWaiver, as the withdrawal's transaction calls it: the week's free withdrawals taken one
 * by one, each with its fee, none for a free fee; a second waiver promotion cannot be joined the
 * same week (bonuses of a kind do not stack).
 */

describe('promotions engine: the fee waiver', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(async () => t?.close());

  const use = (p: TestPlayer, fee: number) =>
    inTransaction(t.db, (tx) => useFeeWaiver(tx, t.app.ctx, { userId: p.userId, fee }));
  const betOf = (p: TestPlayer, validBet: number, betNo: string) =>
    inTransaction(t.db, (tx) =>
      promotionsOnBetSettled(tx, t.app.ctx, {
        userId: p.userId,
        betNo,
        gameType: 'taiqiu',
        stake: validBet,
        validBet,
        settledAt: t.clock.now(),
      }),
    );

  it('takes the free withdrawals one at a time, only once the valid bet is met; waivers do not stack', async () => {
    const rules = { type: 'fee_waiver', freeWithdrawals: 2, minValidBet: 1_000 } as const;
    const first = await savePromotion(t, rules);
    const second = await savePromotion(t, rules);
    const p = await newTestPlayer(t, { fundPassword: false });
    expect((await apply(t, p, first.id)).code).toBe(200);
    expect(await apply(t, p, second.id)).toMatchObject({ code: 409, msg: '本期已参与同类活动，同类优惠不可叠加' });
    const uses = async () =>
      (
        await t.db
          .select({ uses: promotionApplications.uses, amount: promotionApplications.amount })
          .from(promotionApplications)
          .where(and(eq(promotionApplications.userId, p.userId)))
          .orderBy(promotionApplications.id)
      ).map((r) => [r.uses, r.amount]);

    expect(await use(p, 300)).toBe(false); // no valid bet yet
    await betOf(p, 1_000, '2611250000990001');
    expect(await use(p, 0)).toBe(false); // nothing to waive: nothing used
    expect(await uses()).toEqual([[0, 0]]);

    const taken = [];
    for (const fee of [300, 200, 100, 400, 500]) taken.push(await use(p, fee));
    expect(taken).toEqual([true, true, false, false, false]);
    // Two withdrawals counted, each once, with its fee.
    expect(await uses()).toEqual([[2, 500]]);
  });
});
