import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { promotionApplications } from '../../src/modules/promotions/tables.js';
import { rewards } from '../../src/modules/rewards/tables.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { apply, savePromotion } from '../helpers/promotions.js';
import { call, registerUser, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The races of the deposit hook. On PostgreSQL the requests run at once on separate connections;
 * PGlite has one connection, so there they run one after the other, in the order they started,
 * and only the outcome rules are checked (the race itself shows on PostgreSQL).
 */

const ROUNDS = 16;
/** Rounds go on past ROUNDS, the two ever further apart, until both outcomes have happened. */
const MAX_ROUNDS = 48;
/**
 * Milliseconds the apply starts after the deposit in round r, before it when negative: 0, 0, 1.5,
 * -1.5, 6, -6, 13.5, …, up to 864 by round 48: close together first, then far enough apart for a
 * deposit slowed by a loaded machine.
 */
const applyLag = (r: number) => ((r % 2 === 0 ? 1 : -1) * 3 * Math.floor(r / 2) ** 2) / 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('promotions engine: deposits racing applications', () => {
  let t: TestApp;
  let channelId: number;

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    const p = await newTestPlayer(t, { fundPassword: false });
    channelId = (await channelOf(t.app, p.token, 'sandbox')).id;
  });
  afterAll(async () => t?.close());

  const applicationsOf = (promotionId: number, p: TestPlayer) =>
    t.db
      .select()
      .from(promotionApplications)
      .where(and(eq(promotionApplications.promotionId, promotionId), eq(promotionApplications.userId, p.userId)));
  const bonusesOf = (p: TestPlayer) =>
    t.db
      .select({ amount: rewards.amount })
      .from(rewards)
      .where(and(eq(rewards.userId, p.userId), eq(rewards.source, 'promotion')));

  it('an apply for the first-deposit bonus and the first deposit at once: granted, or refused — never left pending', async () => {
    const promotion = await savePromotion(t, {
      type: 'first_deposit',
      tiers: [{ minDeposit: 1_000, rateBps: 1_000, maxBonus: 100_000 }],
    });
    const outcomes = { granted: 0, refused: 0 };
    const bothSeen = () => outcomes.granted > 0 && outcomes.refused > 0;
    let rounds = 0;
    for (; rounds < MAX_ROUNDS && (rounds < ROUNDS || !bothSeen()); rounds += 1) {
      const p = await newTestPlayer(t, { fundPassword: false });
      const order = await startPay(t.app, p.token, channelId, 20_000);
      // The two start a little further apart each round, either first, so that rounds fall on
      // either side of the race.
      const lag = applyLag(rounds);
      const [applied, paid] = await Promise.all([
        sleep(Math.max(lag, 0)).then(() => apply(t, p, promotion.id)),
        sleep(Math.max(-lag, 0)).then(() => sandboxCallback(t.app, { orderNo: order.orderNo, amount: 20_000 })),
      ]);
      expect(paid.body).toBe('success');
      const [application] = await applicationsOf(promotion.id, p);
      const bonuses = await bonusesOf(p);
      if (applied.code === 200) {
        // The deposit saw the application: 10 % of ¥200.00.
        expect({ status: application?.status, amount: application?.amount, bonuses }).toEqual({
          status: 'granted',
          amount: 2_000,
          bonuses: [{ amount: 2_000 }],
        });
      } else {
        // The apply saw the deposit.
        expect({ code: applied.code, msg: applied.msg, application, bonuses }).toEqual({
          code: 422,
          msg: '您已完成首存，不符合首存优惠条件',
          application: undefined,
          bonuses: [],
        });
      }
      outcomes[applied.code === 200 ? 'granted' : 'refused'] += 1;
    }
    console.log(`[promotions] apply vs first deposit, ${rounds} rounds: ${JSON.stringify(outcomes)}`);
    // Both sides of the race ran: a change of timing that leaves one out fails here, not silently.
    expect(bothSeen(), `applies before the deposit and after it: ${JSON.stringify(outcomes)}`).toBe(true);
  }, 180_000);

  it("members' first deposits at once: the inviter's monthly cap holds, each member counted once", async () => {
    const promotion = await savePromotion(
      t,
      { type: 'agent_starter', minFirstDeposit: 10_000, bonusPerMember: 1_800 },
      { capAmount: 4_000 },
    );
    const inviter = await newTestPlayer(t, { fundPassword: false });
    expect((await apply(t, inviter, promotion.id)).code).toBe(200);
    const { inviteCode } = (await call(t.app, auth.userInfo, {}, { token: inviter.token })).data;
    const orders = [];
    for (let i = 0; i < 4; i += 1) {
      const token = await registerUser(t.app, uniqueName('mb'), { inviteCode });
      orders.push((await startPay(t.app, token, channelId, 10_000)).orderNo);
    }
    const paid = await Promise.all(orders.map((orderNo) => sandboxCallback(t.app, { orderNo, amount: 10_000 })));
    expect(paid.map((r) => r.body)).toEqual(orders.map(() => 'success'));
    // ¥18 + ¥18 + the ¥4 left of the ¥40 cap; the fourth member earns nothing.
    expect((await bonusesOf(inviter)).map((b) => b.amount).sort((a, b) => a - b)).toEqual([400, 1_800, 1_800]);
    expect(await applicationsOf(promotion.id, inviter)).toEqual([
      expect.objectContaining({ status: 'granted', amount: 4_000, uses: 3 }),
    ]);
  }, 60_000);
});
