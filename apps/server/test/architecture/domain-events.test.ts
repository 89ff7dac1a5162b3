import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/platform/context.js';
import type { Tx } from '../../src/platform/db.js';
import { EventBus } from '../../src/platform/events.js';
import { depositOrders } from '../../src/modules/payments/tables.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { getTurnover } from '../../src/modules/turnover/service.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, newPlayer, rowCount } from '../helpers/wallet.js';

describe('the event bus', () => {
  it('runs subscribers one after another in the order they were added, each awaited', async () => {
    const ran: string[] = [];
    const bus = new EventBus<{ happened: { n: number } }>()
      .on('happened', 'first', async (_tx, _ctx, e) => {
        await new Promise((r) => setTimeout(r, 5));
        ran.push(`first ${e.n}`);
      })
      .on('happened', 'second', async (_tx, _ctx, e) => void ran.push(`second ${e.n}`));
    await bus.emit({} as Tx, {} as AppContext, 'happened', { n: 1 });
    expect(ran).toEqual(['first 1', 'second 1']);
    expect(bus.describe()).toEqual([{ event: 'happened', subscribers: ['first', 'second'] }]);
  });

  it('stops at a subscriber that refuses, and the refusal reaches the emitter', async () => {
    const ran: string[] = [];
    const bus = new EventBus<{ happened: object }>()
      .on('happened', 'refuses', async () => {
        throw new Error('no');
      })
      .on('happened', 'never runs', async () => void ran.push('late'));
    await expect(bus.emit({} as Tx, {} as AppContext, 'happened', {})).rejects.toThrow('no');
    expect(ran).toEqual([]);
  });
});

describe('a subscriber refusing deposits.credited', () => {
  let t: TestApp;
  let refuse = true;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    t.app.ctx.events.on('deposits.credited', 'test: refuses while asked to', async () => {
      if (refuse) throw new Error('refused by a subscriber');
    });
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('rolls the whole credit back: no money, no turnover, no message; once it accepts, the same callback credits once', async () => {
    const p = await newPlayer(t);
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, channel.id, 10_000);
    const messages = await rowCount(t.db, 'messages');
    const body = { orderNo: order.orderNo, amount: 10_000 };

    expect((await sandboxCallback(t.app, body)).body).not.toBe('success');
    const [row] = await t.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
    expect(row?.status).toBe('PENDING');
    expect((await getCashBalance(t.db, p.userId)).balance).toBe(0);
    expect((await getTurnover(t.db, p.userId)).required).toBe(0);
    expect(await rowCount(t.db, 'messages')).toBe(messages);

    refuse = false;
    expect((await sandboxCallback(t.app, body)).body).toBe('success');
    expect((await sandboxCallback(t.app, body)).body).toBe('success');
    const [paid] = await t.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
    expect(paid?.status).toBe('PAID');
    expect((await getCashBalance(t.db, p.userId)).balance).toBe(paid!.creditedAmount + paid!.bonus);
    expect((await getTurnover(t.db, p.userId)).required).toBe(paid!.creditedAmount + paid!.bonus);
    expect(await rowCount(t.db, 'messages')).toBe(messages + 1);
  });
});
