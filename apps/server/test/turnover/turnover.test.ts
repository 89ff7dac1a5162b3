import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTurnoverRequirement, getTurnover, reduceTurnover } from '../../src/modules/turnover/service.js';
import { inTransaction } from '../../src/platform/db.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { newPlayer } from '../helpers/wallet.js';

describe('turnover requirement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const add = (userId: number, amount: number, id: string | number) =>
    inTransaction(t.db, (tx) =>
      addTurnoverRequirement(tx, { userId, amount, source: 'deposit', reference: { table: 'deposit_orders', id } }),
    );
  const bet = (userId: number, validBet: number, id: number) =>
    inTransaction(t.db, (tx) => reduceTurnover(tx, { userId, validBet, reference: { table: 'bets', id } }));

  it('starts at zero', async () => {
    const { userId } = await newPlayer(t);
    expect(await getTurnover(t.db, userId)).toEqual({ required: 0, done: 0, left: 0 });
  });

  it('requirements add up, valid bets count towards them but never past them, each reference once', async () => {
    const { userId } = await newPlayer(t);
    await add(userId, 10_000, 'D1');
    await add(userId, 5_000, 'D2');
    await add(userId, 5_000, 'D2');
    expect(await getTurnover(t.db, userId)).toEqual({ required: 15_000, done: 0, left: 15_000 });
    await bet(userId, 4_000, 1);
    await bet(userId, 4_000, 1);
    expect(await getTurnover(t.db, userId)).toEqual({ required: 15_000, done: 4_000, left: 11_000 });
    await bet(userId, 50_000, 2);
    expect(await getTurnover(t.db, userId)).toEqual({ required: 15_000, done: 15_000, left: 0 });
  });

  it('a requirement after the last one was met starts a new cycle; bets before it do not count', async () => {
    const { userId } = await newPlayer(t);
    await add(userId, 1_000, 'A');
    await bet(userId, 9_000, 10);
    await add(userId, 2_000, 'B');
    expect(await getTurnover(t.db, userId)).toEqual({ required: 2_000, done: 0, left: 2_000 });
  });

  it('a rolled-back transaction adds nothing', async () => {
    const { userId } = await newPlayer(t);
    await expect(
      inTransaction(t.db, async (tx) => {
        await addTurnoverRequirement(tx, {
          userId,
          amount: 7_000,
          source: 'bonus',
          reference: { table: 'rewards', id: 1 },
        });
        throw new Error('credit failed');
      }),
    ).rejects.toThrow('credit failed');
    expect(await getTurnover(t.db, userId)).toEqual({ required: 0, done: 0, left: 0 });
    await expect(add(userId, -1, 'neg')).rejects.toThrow();
  });
});
