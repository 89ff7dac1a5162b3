import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/platform/db.js';
import { runBatch } from '../../src/platform/transaction-batch.js';
import { creditBatch, creditPaidOrder, type PaidOrder } from '../../src/modules/payments/credit-batch.js';
import { recordCallback } from '../../src/modules/payments/callback-record.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { getTurnover } from '../../src/modules/turnover/service.js';
import { channelOf, startPay } from '../helpers/payments.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, newPlayer } from '../helpers/wallet.js';

/*
 * Deposit credits in batches (modules/payments/credit-batch.ts): a batch credits each paid order
 * as it would have been credited alone, in the batch's order (its players in id order), with the
 * same money and the same fan-out; callbacks that arrive while others are credited share one
 * transaction.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ scheduler: false });
});

afterAll(async () => {
  await t?.close();
});

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A player's sandbox orders of these amounts, each as the batch takes it. */
async function ordersOf(player: Player, amounts: number[]): Promise<PaidOrder[]> {
  const channel = await channelOf(t.app, player.token, 'sandbox');
  const orders: PaidOrder[] = [];
  for (const amount of amounts) {
    const { orderNo } = await startPay(t.app, player.token, channel.id, amount);
    orders.push({ orderNo, userId: player.userId });
  }
  return orders;
}

/**
 * What a player sees after their credits: balance, turnover to wager, which orders count as first,
 * and what the subscribers wrote (the message, the wheel, VIP, the agents' figures).
 */
async function seenBy(player: Player, orders: PaidOrder[]) {
  const firsts = await queryRows<{ order_no: string; first_deposit: boolean; status: string }>(
    t.db,
    sql`SELECT order_no, first_deposit, status FROM deposit_orders WHERE user_id = ${player.userId} ORDER BY id`,
  );
  const u = player.userId;
  const [fanOut] = await queryRows<Record<string, number>>(
    t.db,
    sql`SELECT (SELECT count(*)::int FROM messages WHERE user_id = ${u} AND kind = 'deposit_credited') AS messages,
               (SELECT coalesce(sum(from_deposits), 0)::int FROM wheel_spins WHERE user_id = ${u}) AS spins,
               (SELECT deposits::int FROM vip_progress WHERE user_id = ${u}) AS vip_deposits,
               (SELECT deposits::int FROM member_totals WHERE user_id = ${u}) AS lifetime_deposits,
               (SELECT deposit_count FROM member_totals WHERE user_id = ${u}) AS lifetime_count,
               (SELECT sum(deposit_count)::int FROM agent_daily WHERE user_id = ${u}) AS day_count,
               (SELECT sum(first_deposits)::int FROM agent_daily WHERE user_id = ${u}) AS day_first,
               (SELECT sum(bonuses)::int FROM agent_daily WHERE user_id = ${u}) AS day_bonuses`,
  );
  return {
    cash: await getCashBalance(t.db, player.userId),
    turnover: (await getTurnover(t.db, player.userId)).required,
    fanOut,
    orders: firsts.map((o) => ({
      place: orders.findIndex((x) => x.orderNo === o.order_no),
      status: o.status,
      first: o.first_deposit,
    })),
  };
}

/** The transactions that wrote these orders' rows of a table (its rows, and how many wrote them). */
async function writersOf(table: 'deposit_orders' | 'payment_callbacks', orders: PaidOrder[]) {
  const numbers = sql.join(
    orders.map((o) => sql`${o.orderNo}`),
    sql`, `,
  );
  const [row] = await queryRows<{ rows: number; writers: number }>(
    t.db,
    sql`SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS writers
        FROM ${sql.identifier(table)} WHERE order_no IN (${numbers})`,
  );
  return row;
}

describe('deposit credits in batches', () => {
  it('credits each order of a batch as alone in the batch order, repeats included, with the same money and fan-out', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each player's orders' amounts; then the callbacks, each naming an order (twice: a repeat).
        fc.array(fc.array(fc.constantFrom(10_000, 50_000, 120_000), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 8 }),
        async (amounts, picks) => {
          const world = async () => {
            const players = [];
            for (const a of amounts) {
              const player = await newPlayer(t);
              players.push({ player, orders: await ordersOf(player, a) });
            }
            const all = players.flatMap((p) => p.orders);
            return { players, calls: picks.map((n) => all[n % all.length]!) };
          };
          const [batched, alone] = [await world(), await world()];

          const batchAnswers = await runBatch(t.db, batched.calls, creditBatch(t.app.ctx));
          const order = alone.calls
            .map((_, i) => i)
            .sort((a, b) => creditBatch(t.app.ctx).order(alone.calls[a]!, alone.calls[b]!));
          const aloneAnswers: PromiseSettledResult<boolean>[] = new Array(alone.calls.length);
          for (const i of order)
            aloneAnswers[i] = (await runBatch(t.db, [alone.calls[i]!], creditBatch(t.app.ctx)))[0]!;

          // Order numbers differ between the worlds; their places in the list do not.
          const places = (w: typeof batched) => w.calls.map((c) => w.players.flatMap((p) => p.orders).indexOf(c));
          expect(places(batched)).toEqual(places(alone));
          expect(batchAnswers).toEqual(aloneAnswers);
          for (const [i, { player, orders }] of batched.players.entries()) {
            const twin = alone.players[i]!;
            expect(await seenBy(player, orders)).toEqual(await seenBy(twin.player, twin.orders));
          }
        },
      ),
      { numRuns: 10 },
    );
    await expectLedgerOk(t.db);
  }, 240_000);

  it('credits the orders paid while others are credited in one transaction', async () => {
    const players = await Promise.all(Array.from({ length: 24 }, () => newPlayer(t)));
    const orders = (await Promise.all(players.map((p) => ordersOf(p, [10_000])))).flat();
    const answers = await Promise.all(orders.map((o) => creditPaidOrder(t.app.ctx, o)));
    expect(answers).toEqual(orders.map(() => true));
    // Sandbox pays a 1 % bonus on each.
    const balances = await Promise.all(players.map(async (p) => (await getCashBalance(t.db, p.userId)).balance));
    expect(balances).toEqual(players.map(() => 10_100));
    // Two start alone (transaction-batch.ts's MONEY_BATCHES); the other 22 wait for them and go together.
    expect(await writersOf('deposit_orders', orders)).toEqual({ rows: 24, writers: 3 });
    await expectLedgerOk(t.db);
  });

  it('keeps the callbacks that arrive while others are kept in one insert', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer(t)));
    const orders = (await Promise.all(players.map((p) => ordersOf(p, [10_000])))).flat();
    const receivedAt = new Date();
    await Promise.all(
      orders.map((o) =>
        recordCallback(t.db, { gateway: 'sandbox', payload: JSON.stringify(o), outcome: 'applied', receivedAt }),
      ),
    );
    // Two start alone (MONEY_BATCHES, as for the credits); the other 10 wait for them and go together.
    expect(await writersOf('payment_callbacks', orders)).toEqual({ rows: 12, writers: 3 });
  });
});
