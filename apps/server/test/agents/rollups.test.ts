import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { adjustBalance } from '../../src/modules/admin/service.js';
import { agentDaily, type RollupFigures } from '../../src/modules/agents/report-tables.js';
import { setAgentPassword } from '../../src/modules/agents/passwords.js';
import { agentTransfers } from '../../src/modules/agents/tables.js';
import { transferToMember } from '../../src/modules/agents/transfer.js';
import { registerPlayer } from '../../src/modules/agents/registration.js';
import { inviteCodeOf } from '../../src/modules/auth/service.js';
import { users } from '../../src/modules/auth/tables.js';
import { creditProviderWin, NO_MARKET, placeBet, settleBet, type BetRow } from '../../src/modules/bets/service.js';
import { bets } from '../../src/modules/bets/tables.js';
import { creditDeposit } from '../../src/modules/payments/service.js';
import { depositOrders, payChannels } from '../../src/modules/payments/tables.js';
import { claimRebate } from '../../src/modules/rebates/service.js';
import { rebateClaims } from '../../src/modules/rebates/tables.js';
import { grantReward, receiveRewards } from '../../src/modules/rewards/service.js';
import { rewards } from '../../src/modules/rewards/tables.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { getCashBalance, hold } from '../../src/modules/wallet/service.js';
import { transfers } from '../../src/modules/wallet/tables.js';
import { payWithdrawal } from '../../src/modules/withdrawals/review.js';
import { withdrawalOrders } from '../../src/modules/withdrawals/tables.js';
import { AppError } from '../../src/platform/errors.js';
import { inTransaction, type Tx } from '../../src/platform/db.js';
import { localDate } from '../../src/platform/time-range.js';
import { PASSWORD, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * The daily roll-ups every agent report reads are what the raw rows
 * say. A seeded random mix of events, each done by the service that does it in production (bets
 * placed, settled won, lost or void, provider wins settling a bet or adding to a settled one,
 * deposits credited, withdrawals paid, rebates and rewards claimed, agent transfers,
 * registrations) over a week of site days, then every agent_daily row against a recomputation
 * from the raw rows; and the migration's backfill, run on the same rows, against it too.
 *
 * Every event runs its service's whole cascade (ledger, turnover, VIP, rebate accrual, tasks,
 * promotions): about 22 queries, some 45 ms of CPU on PGlite. `npm test` takes 300 on PGlite and
 * on PostgreSQL to stay within CI's budget; the long size (`npm run test:chaos`, CHAOS=1)
 * takes the 10,000 on PostgreSQL (about 3 minutes). ROLLUP_EVENTS sets another count,
 * ROLLUP_SEED the seed.
 */
const EVENTS = Number(process.env.ROLLUP_EVENTS ?? (TEST_SERVER_URL && process.env.CHAOS === '1' ? 10_000 : 300));
const SEED = Number(process.env.ROLLUP_SEED ?? 17);
/** Tx-level events share a transaction up to this many. */
const BATCH = 25;
const DAY_MS = 86_400_000;
const RECHARGE = '135246';

/** mulberry32: a small seeded generator, so a failure can be replayed with ROLLUP_SEED. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

const WEIGHTS = {
  register: 3,
  deposit: 12,
  place: 26,
  settle: 24,
  further: 4,
  withdraw: 6,
  rebate: 5,
  reward: 8,
  transfer: 7,
} as const;
type Kind = keyof typeof WEIGHTS;
/** Events whose service opens its own transaction; the others run in the caller's. */
const OWN_TRANSACTION = new Set<Kind>(['register', 'rebate', 'reward', 'transfer']);

type Figures = RollupFigures;
const FIGURES = Object.keys(getTableColumns(agentDaily)).filter(
  (k) => !['userId', 'day', 'gameType'].includes(k),
) as Array<keyof Figures>;

describe('agent daily roll-ups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
  });
  afterAll(() => t.close());

  it(`equal a recomputation from the raw rows after ${EVENTS} random events (seed ${SEED})`, async () => {
    const started = Date.now();
    const { ctx } = t.app;
    const db = t.db;
    const rnd = generator(SEED);
    // From a site midnight (Asia/Shanghai, UTC+8), so a seed's events fall on the same site days.
    t.clock.advance(DAY_MS - ((t.clock.now().getTime() + 8 * 3_600_000) % DAY_MS));
    const done = Object.fromEntries(Object.keys(WEIGHTS).map((k) => [k, 0])) as Record<Kind, number>;
    // Events spread over a week of site days; a bet may settle days after it was placed.
    const step = () => t.clock.advance(rnd.int(0, Math.floor((14 * DAY_MS) / EVENTS)));
    let seq = 0;
    const key = (prefix: string) => `${prefix}${SEED}x${(seq += 1)}`;

    const register = (inviteCode?: string) =>
      registerPlayer(
        ctx,
        { username: uniqueName('ru'), password: PASSWORD, inviteCode },
        { inviteCodeRequired: false },
      );
    const agent = await register();
    const agentName = (await db.select({ name: users.username }).from(users).where(eq(users.id, agent.userId)))[0]!;
    const inviteCode = await inviteCodeOf(db, agent.userId);
    await setAgentPassword(ctx, agent.userId, 'recharge', { loginPassword: PASSWORD, newPassword: RECHARGE }, 'en');
    await adjustBalance(ctx, 'test', {
      username: agentName.name,
      amount: 1_000_000_000,
      reason: 'transfers',
      requestId: key('fund'),
    });
    const members: number[] = [];
    for (let i = 0; i < 3; i += 1) members.push((await register(inviteCode)).userId);
    const [channel] = await db.select({ id: payChannels.id }).from(payChannels).limit(1);
    const openBets: BetRow[] = [];
    const providerBets: string[] = [];

    const balanceOf = async (tx: Tx, userId: number) => (await getCashBalance(tx, userId)).balance;

    const inTx: Record<Exclude<Kind, 'register' | 'rebate' | 'reward' | 'transfer'>, (tx: Tx) => Promise<boolean>> = {
      deposit: async (tx) => {
        const amount = rnd.int(1, 200) * 100;
        const fee = rnd.next() < 0.3 ? rnd.int(0, amount / 50) : 0;
        // An order as startPay leaves it (any fee and bonus); crediting it is the event.
        const [order] = await tx
          .insert(depositOrders)
          .values({
            orderNo: key('D'),
            userId: rnd.pick(members),
            channelId: channel!.id,
            amount,
            fee,
            bonus: rnd.next() < 0.3 ? rnd.int(1, amount / 20) : 0,
            creditedAmount: amount - fee,
            expiresAt: new Date(ctx.now().getTime() + DAY_MS),
            createdAt: ctx.now(),
          })
          .returning();
        return creditDeposit(tx, ctx, order!.orderNo, ['PENDING']);
      },
      place: async (tx) => {
        const userId = rnd.pick(members);
        const balance = await balanceOf(tx, userId);
        if (balance < 100) return false;
        const gameType = rnd.pick(['taiqiu', 'slots', 'poker'] as const);
        const bet = await placeBet(tx, ctx, {
          userId,
          gameType,
          gameName: gameType,
          roundId: key('R'),
          ...NO_MARKET,
          oddsMilli: gameType === 'taiqiu' ? rnd.pick([1100, 1450, 1950, 3200]) : null,
          stake: rnd.int(1, Math.min(balance, 50_000)),
          insurance: gameType === 'poker' && rnd.next() < 0.3,
        });
        openBets.push(bet);
        return true;
      },
      settle: async (tx) => {
        const bet = openBets.splice(rnd.int(0, openBets.length - 1), 1)[0];
        if (!bet) return false;
        if (bet.gameType === 'taiqiu') {
          const outcome = rnd.pick(['won', 'won', 'lost', 'lost', 'void'] as const);
          return settleBet(tx, ctx, bet, outcome, null);
        }
        const payout = rnd.next() < 0.5 ? 0 : rnd.int(1, bet.stake * 3);
        await creditProviderWin(tx, ctx, bet.betNo, { payout, remainder: 0, further: furtherOf(bet.betNo) });
        providerBets.push(bet.betNo);
        return true;
      },
      further: async (tx) => {
        if (providerBets.length === 0) return false;
        const betNo = rnd.pick(providerBets);
        const win = { payout: rnd.int(1, 20_000), remainder: 0, further: furtherOf(betNo) };
        await creditProviderWin(tx, ctx, betNo, win);
        return true;
      },
      withdraw: async (tx) => {
        const userId = rnd.pick(members);
        const balance = await balanceOf(tx, userId);
        if (balance < 1_000) return false;
        const amount = rnd.int(1_000, balance);
        const feeAmount = rnd.int(0, Math.floor(amount / 100));
        const orderNo = key('W');
        const held = await hold(tx, ctx, {
          key: `withdraw:${orderNo}`,
          code: 'withdrawal',
          debit: { userId },
          credit: { house: 'withdrawals_in_flight' },
          amount,
          reference: { table: 'withdrawal_orders', id: orderNo },
        });
        // An order as the operator's approval leaves it; paying it is the event.
        await tx.insert(withdrawalOrders).values({
          orderNo,
          userId,
          accountSummary: { type: 'usdt', masked: 'T…', network: 'TRC20', bankName: null, name: null, alias: null },
          accountSnapshot: { type: 'usdt', network: 'TRC20', address: 'T' },
          amount,
          feeAmount,
          netAmount: amount - feeAmount,
          status: 'approved',
          holdTransferId: held.id,
          createdAt: ctx.now(),
        });
        await payWithdrawal(tx, ctx, orderNo, 'test');
        return true;
      },
    };
    /** A further win moves its money under the bet (a provider's would name its own row). */
    const furtherOf = (betNo: string) => ({ key: key(`further:${betNo}:`), table: 'bets', id: betNo });

    const own: Record<'register' | 'rebate' | 'reward' | 'transfer', () => Promise<boolean>> = {
      register: async () => {
        members.push((await register(inviteCode)).userId);
        return true;
      },
      rebate: () => refusedAsFalse(() => claimRebate(ctx, rnd.pick(members), 'en')),
      reward: async () => {
        const userId = rnd.pick(members);
        const granted = await inTransaction(db, (tx) =>
          grantReward(tx, ctx, {
            userId,
            source: 'promotion',
            amount: rnd.int(1, 5_000),
            turnoverMultiple: 0,
            expiresAt: new Date(ctx.now().getTime() + DAY_MS),
            key: key('reward:'),
            title: { 'zh-CN': '测试', en: 'Test' },
          }),
        );
        await receiveRewards(ctx, userId, { id: granted!.id });
        return true;
      },
      transfer: async () => {
        const input = { memberId: rnd.pick(members), amount: rnd.int(100, 30_000), turnoverMultiple: 0, remark: '' };
        await transferToMember(ctx, agent.userId, { ...input, rechargePassword: RECHARGE, requestId: key('T') }, 'en');
        return true;
      },
    };

    const kinds = Object.entries(WEIGHTS).flatMap(([kind, w]) => Array<Kind>(w).fill(kind as Kind));
    let next: Kind = rnd.pick(kinds);
    for (let n = 0; n < EVENTS;) {
      if (OWN_TRANSACTION.has(next)) {
        step();
        if (await own[next as keyof typeof own]()) done[next] += 1;
        n += 1;
        next = rnd.pick(kinds);
        continue;
      }
      // Tx-level events in one transaction until an event with its own comes up.
      await inTransaction(db, async (tx) => {
        for (let inBatch = 0; n < EVENTS && inBatch < BATCH && !OWN_TRANSACTION.has(next); inBatch += 1) {
          step();
          if (await inTx[next as keyof typeof inTx](tx)) done[next] += 1;
          n += 1;
          next = rnd.pick(kinds);
        }
      });
    }
    const eventsTook = Date.now() - started;
    for (const kind of Object.keys(WEIGHTS) as Kind[]) expect(done[kind], kind).toBeGreaterThan(0);

    const { timeZone } = await getSysConfig(db);
    const actual = await db.select().from(agentDaily);
    expect(normalized(actual)).toEqual(await recomputed(t, timeZone, 'ledger'));
    const days = new Set(actual.map((r) => r.day)).size;
    expect(days).toBeGreaterThanOrEqual(7);

    // The migration's backfill makes the same rows from the same raw rows (a further win on the
    // day of its bet's settlement: it reads bets, not the ledger).
    const migration = readFileSync(new URL('../../drizzle/0029_agent_reports.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Backfill'));
    await db.execute(sql`DELETE FROM agent_daily`);
    await db.execute(sql.raw(backfill));
    expect(normalized(await db.select().from(agentDaily))).toEqual(await recomputed(t, timeZone, 'settlement'));

    console.log(
      `roll-ups: ${EVENTS} events (${JSON.stringify(done)}) in ${eventsTook} ms, ${actual.length} rows over ${days} days`,
    );
  }, 600_000);
});

async function refusedAsFalse(claim: () => Promise<unknown>): Promise<boolean> {
  try {
    await claim();
    return true;
  } catch (err) {
    // Too soon after the last claim, or below the minimum: nothing claimed.
    if (err instanceof AppError) return false;
    throw err;
  }
}

type Row = { userId: number; day: string; gameType: string } & Figures;
const rowKey = (r: Pick<Row, 'userId' | 'day' | 'gameType'>) => `${r.userId}|${r.day}|${r.gameType}`;
const normalized = (rows: Row[]) => rows.map((r) => ({ ...r })).sort((a, b) => rowKey(a).localeCompare(rowKey(b)));

/**
 * The roll-ups as the raw rows say they should be: each event's figures on its site day. A bet's
 * payouts come from its ledger transfers, each on its own day ('ledger'), or all on the day the
 * bet settled ('settlement', as the backfill has them).
 */
async function recomputed(t: TestApp, timeZone: string, payouts: 'ledger' | 'settlement'): Promise<Row[]> {
  const db = t.db;
  const rows = new Map<string, Row>();
  const add = (userId: number, at: Date | null, gameType: string, delta: Partial<Figures>) => {
    const day = localDate(at!, timeZone);
    const k = rowKey({ userId, day, gameType });
    const row = rows.get(k) ?? ({ userId, day, gameType, ...Object.fromEntries(FIGURES.map((f) => [f, 0])) } as Row);
    for (const [f, v] of Object.entries(delta) as Array<[keyof Figures, number]>) row[f] += v;
    rows.set(k, row);
  };
  for (const u of await db.select().from(users)) add(u.id, u.createdAt, '', { registrations: 1 });
  for (const d of await db.select().from(depositOrders).where(eq(depositOrders.status, 'PAID'))) {
    add(d.userId, d.paidAt, '', {
      deposits: d.amount,
      depositCount: 1,
      depositFees: d.fee,
      bonuses: d.bonus,
      firstDepositCount: d.firstDeposit ? 1 : 0,
      firstDeposits: d.firstDeposit ? d.amount : 0,
    });
  }
  for (const w of await db.select().from(withdrawalOrders).where(eq(withdrawalOrders.status, 'paid'))) {
    add(w.userId, w.paidAt, '', { withdrawals: w.amount, withdrawalCount: 1, withdrawalFees: w.feeAmount });
  }
  const settled = await db
    .select()
    .from(bets)
    .where(inArray(bets.status, ['won', 'lost']));
  const byNo = new Map(settled.map((b) => [b.betNo, b]));
  const payoutOf = (b: BetRow, payout: number) => (b.insurance ? { insurancePayouts: payout } : { payout });
  for (const b of settled) {
    const figures = b.insurance
      ? { insurancePremiums: b.stake }
      : { betCount: 1, stake: b.stake, validBet: b.validBet };
    add(b.userId, b.settledAt, b.gameType, { ...figures, ...(payouts === 'settlement' ? payoutOf(b, b.payout) : {}) });
  }
  if (payouts === 'ledger') {
    const paid = await db
      .select()
      .from(transfers)
      .where(and(eq(transfers.code, 'payout'), eq(transfers.referenceTable, 'bets')));
    for (const p of paid) {
      const b = byNo.get(p.referenceId)!;
      add(b.userId, p.createdAt, b.gameType, payoutOf(b, p.amount));
    }
  }
  for (const c of await db.select().from(rebateClaims)) add(c.userId, c.createdAt, '', { rebates: c.amount });
  for (const r of await db.select().from(rewards).where(eq(rewards.status, 'claimed'))) {
    add(r.userId, r.claimedAt, '', { bonuses: r.amount });
  }
  for (const a of await db.select().from(agentTransfers)) {
    add(a.agentId, a.createdAt, '', { transfersOut: a.amount });
    add(a.memberId, a.createdAt, '', { transfersIn: a.amount });
  }
  return normalized([...rows.values()]);
}
