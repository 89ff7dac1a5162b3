import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, reportAdmin, withdrawalFee, withdrawals, withdrawalsAdmin } from '@breakshot/contracts';
import { confirmManualDeposit } from '../../src/modules/payments/service.js';
import { queryRows } from '../../src/platform/db.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { call, registerUser, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, FUND_PASSWORD, readyWithdrawer } from '../helpers/withdrawals.js';

/*
 * The payments report (docs/design.md §9, "Reports, as built") reconciles with the ledger: on
 * random deposits (credited by the gateway or an operator, failed, left open) and withdrawals
 * (paid, rejected in review or after approval, left in a queue), each step after a random wait,
 * the money credited and paid equals the ledger's transfers of the run, and every count, median
 * and wait equals a model of what was done.
 */

const DAY = 86_400_000;
type Channel = 'wechat' | 'sandbox' | 'bank';
type Model = { made: number; succeeded: number; amount: number; fees: number; waits: number[] };

let t: TestApp;
/** The orders left waiting across runs, by when they entered their queue. */
const waitingNow = { manual: [] as Date[], review: [] as Date[], payout: [] as Date[] };
beforeAll(async () => {
  t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
});
afterAll(async () => {
  await expectLedgerOk(t.db);
  await t.close();
});

/** percentile_cont(0.5) over whole seconds, rounded as the report rounds it; null over none. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = values.toSorted((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2);
}
const longest = (values: number[]) => (values.length === 0 ? null : Math.max(...values));
const oldest = (entered: Date[]) =>
  entered.length === 0 ? null : Math.round((t.clock.now().getTime() - Math.min(...entered.map(Number))) / 1000);
const rate = (m: Model) => (m.made === 0 ? null : Math.floor((m.succeeded * 10_000) / m.made));
const newModel = (): Model => ({ made: 0, succeeded: 0, amount: 0, fees: 0, waits: [] });

/** What the ledger's transfers of a code and kind made in [from, to) add up to. */
async function transfersOf(code: string, kinds: string[], range: { from: Date; to: Date }) {
  const [row] = await queryRows<{ amount: string | null }>(
    t.db,
    sql`SELECT sum(amount)::text AS amount FROM transfers WHERE code = ${code} AND kind IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) AND created_at >= ${range.from.toISOString()}::timestamptz AND created_at < ${range.to.toISOString()}::timestamptz`,
  );
  return Number(row?.amount ?? 0);
}

const wait = fc.integer({ min: 1, max: 900 });
const deposit = fc.record({
  channel: fc.constantFrom<Channel>('wechat', 'sandbox', 'bank'),
  amount: fc.integer({ min: 10_000, max: 90_000 }),
  fate: fc.constantFrom('credit' as const, 'fail' as const, 'open' as const),
  wait,
});
const withdrawal = fc.record({
  amount: fc.integer({ min: 10_000, max: 40_000 }),
  fate: fc.constantFrom('paid', 'rejectedInReview', 'rejectedApproved', 'inReview', 'approved'),
  reviewWait: wait,
  payWait: wait,
});
const run = fc.record({
  deposits: fc.array(deposit, { maxLength: 5 }),
  withdrawals: fc.array(withdrawal, { maxLength: 4 }),
});
type Run = typeof run extends fc.Arbitrary<infer R> ? R : never;

/** Makes the deposits, each after its wait, and returns the model per channel and the manual queue's waits. */
async function makeDeposits(deposits: Run['deposits']) {
  const token = await registerUser(t.app);
  const channels = new Map<Channel, number>();
  for (const c of ['wechat', 'sandbox', 'bank'] as const) channels.set(c, (await channelOf(t.app, token, c)).id);
  const byChannel = new Map<Channel, Model & { failed: number; open: number; credited: number; bonuses: number }>();
  const manualWaits: number[] = [];
  for (const d of deposits) {
    const m = byChannel.get(d.channel) ?? { ...newModel(), failed: 0, open: 0, credited: 0, bonuses: 0 };
    byChannel.set(d.channel, m);
    const order = await startPay(t.app, token, channels.get(d.channel)!, d.amount);
    m.made += 1;
    const manual = d.channel === 'bank';
    if (d.fate === 'open' || (manual && d.fate === 'fail')) {
      m.open += 1;
      if (manual) waitingNow.manual.push(t.clock.now());
      continue;
    }
    t.clock.advance(d.wait * 1000);
    if (d.fate === 'fail') {
      expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: d.amount, status: 'FAILED' })).body).toBe(
        'success',
      );
      m.failed += 1;
      continue;
    }
    if (manual) {
      await confirmManualDeposit(t.app.ctx, order.orderNo, 'ops1');
      manualWaits.push(d.wait);
    } else expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: d.amount })).body).toBe('success');
    Object.assign(m, {
      succeeded: m.succeeded + 1,
      amount: m.amount + d.amount,
      fees: m.fees + order.fee,
      credited: m.credited + order.creditedAmount,
      bonuses: m.bonuses + order.bonus,
    });
    m.waits.push(d.wait);
  }
  return { byChannel, channels, manualWaits };
}

/** Makes the withdrawals of two players, each step after its wait; the model and the queues' waits. */
async function makeWithdrawals(list: Run['withdrawals']) {
  const players = [await readyWithdrawer(t, 1_000_000), await readyWithdrawer(t, 1_000_000)];
  const config = await call(t.app, withdrawals.withdrawConfig, {}, { token: players[0]!.p.token });
  const model = { ...newModel(), rejected: 0, open: 0, reviewWaits: [] as number[], payoutWaits: [] as number[] };
  for (const [i, w] of list.entries()) {
    const { p, accountId } = players[i % 2]!;
    const made = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: w.amount, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(made.code, made.msg).toBe(200);
    const orderNo = made.data.orderNo;
    model.made += 1;
    if (w.fate === 'inReview') {
      model.open += 1;
      waitingNow.review.push(t.clock.now());
      continue;
    }
    t.clock.advance(w.reviewWait * 1000);
    model.reviewWaits.push(w.reviewWait);
    if (w.fate === 'rejectedInReview') {
      await review(withdrawalsAdmin.withdrawalReject, { orderNo, reason: 'test' });
      model.rejected += 1;
      continue;
    }
    await review(withdrawalsAdmin.withdrawalApprove, { orderNo });
    if (w.fate === 'approved') {
      model.open += 1;
      waitingNow.payout.push(t.clock.now());
      continue;
    }
    t.clock.advance(w.payWait * 1000);
    model.payoutWaits.push(w.payWait);
    if (w.fate === 'rejectedApproved') {
      await review(withdrawalsAdmin.withdrawalReject, { orderNo, reason: 'test' });
      model.rejected += 1;
      continue;
    }
    await review(withdrawalsAdmin.withdrawalPay, { orderNo });
    model.succeeded += 1;
    model.amount += w.amount;
    model.fees += withdrawalFee(w.amount, config.data);
    model.waits.push(w.reviewWait + w.payWait);
  }
  return model;
}

async function review(c: operatorCalls.AdminCall, body: object) {
  const res = await adminCall(t.app, c, body);
  expect(res.code, res.msg).toBe(200);
}

describe('payments report', () => {
  it('reconciles with the ledger and a model on random deposits and withdrawals (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        t.clock.advance(DAY);
        const from = t.clock.now();
        const deposits = await makeDeposits(r.deposits);
        const paid = await makeWithdrawals(r.withdrawals);
        t.clock.advance(1000);
        const range = { from, to: t.clock.now() };
        const body = { from: range.from.toISOString(), to: range.to.toISOString() };

        const dep = await adminCall(t.app, reportAdmin.paymentsReport, body);
        expect(dep.code, dep.msg).toBe(200);
        // The money: what the ledger moved in the run.
        expect(dep.data.totals.credited).toBe(await transfersOf('deposit', ['single'], range));
        expect(dep.data.totals.bonuses).toBe(await transfersOf('bonus', ['single'], range));
        expect(dep.data.totals.amount - dep.data.totals.fees).toBe(dep.data.totals.credited);
        for (const [channel, m] of deposits.byChannel) {
          const row = dep.data.list.find((x) => x.channelId === deposits.channels.get(channel));
          expect(row).toMatchObject({
            made: m.made,
            succeeded: m.succeeded,
            failed: m.failed,
            expired: 0,
            open: m.open,
            successBp: rate(m),
            medianSeconds: median(m.waits),
            creditedOrders: m.succeeded,
            amount: m.amount,
            fees: m.fees,
            credited: m.credited,
            bonuses: m.bonuses,
          });
        }
        expect(dep.data.totals.made).toBe(r.deposits.length);
        expect(dep.data.manualQueue).toEqual({
          decided: deposits.manualWaits.length,
          medianWaitSeconds: median(deposits.manualWaits),
          longestWaitSeconds: longest(deposits.manualWaits),
          waiting: waitingNow.manual.length,
          oldestWaitSeconds: oldest(waitingNow.manual),
        });

        const wd = await adminCall(t.app, reportAdmin.withdrawalsReport, body);
        expect(wd.code, wd.msg).toBe(200);
        expect(wd.data.totals.amount).toBe(await transfersOf('withdrawal', ['post'], range));
        expect(wd.data.totals).toMatchObject({
          made: paid.made,
          succeeded: paid.succeeded,
          rejected: paid.rejected,
          open: paid.open,
          successBp: rate(paid),
          medianSeconds: median(paid.waits),
          paidOrders: paid.succeeded,
          amount: paid.amount,
          fees: paid.fees,
          netPaid: paid.amount - paid.fees,
        });
        // Per period, the run's days add up to the same orders and money.
        const byPeriod = await adminCall(t.app, reportAdmin.paymentsByPeriod, { ...body, pageSize: 100 });
        const sum = (k: keyof Omit<reportAdmin.PaymentsPeriodRow, 'period'>) =>
          byPeriod.data.list.reduce((n, p) => n + (p[k] ?? 0), 0);
        expect({
          depositsMade: sum('depositsMade'),
          depositsCredited: sum('depositsCredited'),
          deposited: sum('deposited'),
          depositFees: sum('depositFees'),
          withdrawalsMade: sum('withdrawalsMade'),
          withdrawalsPaid: sum('withdrawalsPaid'),
          withdrawn: sum('withdrawn'),
          withdrawalFees: sum('withdrawalFees'),
          net: sum('net'),
        }).toEqual({
          depositsMade: dep.data.totals.made,
          depositsCredited: dep.data.totals.succeeded,
          deposited: dep.data.totals.amount,
          depositFees: dep.data.totals.fees,
          withdrawalsMade: wd.data.totals.made,
          withdrawalsPaid: wd.data.totals.succeeded,
          withdrawn: wd.data.totals.amount,
          withdrawalFees: wd.data.totals.fees,
          net: dep.data.totals.amount - wd.data.totals.amount,
        });
        // Every withdrawal went to a USDT address.
        expect(wd.data.list.find((x) => x.method === 'usdt')).toMatchObject({ made: paid.made, amount: paid.amount });
        expect(wd.data.reviewQueue).toEqual({
          decided: paid.reviewWaits.length,
          medianWaitSeconds: median(paid.reviewWaits),
          longestWaitSeconds: longest(paid.reviewWaits),
          waiting: waitingNow.review.length,
          oldestWaitSeconds: oldest(waitingNow.review),
        });
        expect(wd.data.payoutQueue).toEqual({
          decided: paid.payoutWaits.length,
          medianWaitSeconds: median(paid.payoutWaits),
          longestWaitSeconds: longest(paid.payoutWaits),
          waiting: waitingNow.payout.length,
          oldestWaitSeconds: oldest(waitingNow.payout),
        });
      }),
      { numRuns: 8 },
    );
  });

  it('lists every channel and method, the largest amount first, and exports them as CSV', async () => {
    const to = t.clock.now();
    const body = { from: new Date(to.getTime() - 30 * DAY).toISOString(), to: to.toISOString() };
    const dep = await adminCall(t.app, reportAdmin.paymentsReport, { ...body, pageSize: 100 });
    expect(dep.data.total).toBe(dep.data.list.length);
    const amounts = dep.data.list.map((x) => x.amount);
    expect(amounts).toEqual(amounts.toSorted((a, b) => b - a));
    const wd = await adminCall(t.app, reportAdmin.withdrawalsReport, body);
    expect(wd.data.list.map((x) => x.method).toSorted()).toEqual([...withdrawals.withdrawTypes].toSorted());
    const csv = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${reportAdmin.paymentsReport.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN },
      payload: body,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(dep.data.total + 1);
  });
});
