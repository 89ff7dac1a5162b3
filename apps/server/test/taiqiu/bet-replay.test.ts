import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { taiqiuAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';
import { fundedPlayer, matchPage, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * taiqiu/bet with the app's requestId: a client whose answer was lost sends the bet again with
 * the same id and is told about the bet it placed, without a second bet or a second debit.
 */

describe('billiards bets sent again with their requestId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const written = async () => ({ bets: await rowCount(t.db, 'bets'), transfers: await rowCount(t.db, 'transfers') });

  /** The stake transfers of the player's bets: what the ledger debited for them. */
  async function stakeTransfers(player: TestPlayer) {
    return queryRows<{ key: string; ref: string; amount: number }>(
      t.db,
      sql`SELECT t.idempotency_key AS key, t.reference_id AS ref, t.amount::int AS amount
          FROM transfers t JOIN bets b ON b.bet_no = t.reference_id
          WHERE t.reference_table = 'bets' AND t.code = 'bet' AND b.user_id = ${player.userId}`,
    );
  }

  it('the same requestId again: the same answer, one bet, one debit, even once the market has closed', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const requestId = randomUUID();
    const first = await placeBet(t, player, match, 'winner', 'a', 12_345, { requestId });
    expect(first.code, first.msg).toBe(200);
    const after = await written();

    const again = await placeBet(t, player, match, 'winner', 'a', 12_345, { requestId });
    expect(again).toEqual(first);
    expect(await written()).toEqual(after);
    expect(await cashOf(t, player)).toEqual({ balance: 100_000 - 12_345, frozen: 0 });
    expect(await stakeTransfers(player)).toEqual([
      { key: `bet:${player.userId}:${requestId}`, ref: first.data.betNo, amount: 12_345 },
    ]);

    // The bet stands whatever happened since: a retry after the market was suspended is not refused.
    const market = match.markets.find((m) => m.type === 'winner')!;
    await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: market.id });
    expect(await placeBet(t, player, match, 'winner', 'a', 12_345, { requestId })).toEqual(first);
    expect((await matchPage(t, match.id, player.token)).myBets).toHaveLength(1);
    expect(await written()).toEqual(after);
  });

  it('the same requestId with another stake, selection or match: 409, nothing written', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const other = await newMatch(t);
    const requestId = randomUUID();
    expect((await placeBet(t, player, match, 'winner', 'a', 5_000, { requestId })).code).toBe(200);
    const before = await written();
    const changed = [
      () => placeBet(t, player, match, 'winner', 'a', 5_001, { requestId }),
      () => placeBet(t, player, match, 'winner', 'b', 5_000, { requestId }),
      () => placeBet(t, player, match, 'oddeven', 'odd', 5_000, { requestId }),
      () => placeBet(t, player, other, 'winner', 'a', 5_000, { requestId }),
    ];
    for (const send of changed) {
      expect(await send()).toMatchObject({
        code: 409,
        msg: '此前提交的这笔投注已成功，但内容与本次不同，请先查看我的注单',
      });
    }
    expect(await written()).toEqual(before);
    expect(await cashOf(t, player)).toEqual({ balance: 95_000, frozen: 0 });
    // The odds a retry shows are how the bet was accepted, not what it is: the same bet.
    expect((await placeBet(t, player, match, 'winner', 'a', 5_000, { requestId, acceptOddsChange: true })).code).toBe(
      200,
    );
    expect(await written()).toEqual(before);
  });

  it('20 at once with one requestId: one bet, every answer names it', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const requestId = randomUUID();
    const before = await written();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => placeBet(t, player, match, 'total', 'over', 2_000, { requestId })),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    const betNos = new Set(results.map((r) => r.data.betNo));
    expect(betNos.size).toBe(1);
    expect(await written()).toEqual({ bets: before.bets + 1, transfers: before.transfers + 1 });
    expect(await cashOf(t, player)).toEqual({ balance: 98_000, frozen: 0 });
  });

  it("another player's bet with the same requestId is a bet of its own", async () => {
    const a = await fundedPlayer(t, 100_000);
    const b = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const requestId = randomUUID();
    const placedA = await placeBet(t, a, match, 'winner', 'a', 3_000, { requestId });
    // B's request differs from A's: no 409, since B never used the id.
    const placedB = await placeBet(t, b, match, 'winner', 'b', 4_000, { requestId });
    expect([placedA.code, placedB.code]).toEqual([200, 200]);
    expect(placedB.data.betNo).not.toBe(placedA.data.betNo);
    expect(await cashOf(t, a)).toEqual({ balance: 97_000, frozen: 0 });
    expect(await cashOf(t, b)).toEqual({ balance: 96_000, frozen: 0 });
    expect((await matchPage(t, match.id, b.token)).myBets).toMatchObject([{ betNo: placedB.data.betNo, pick: 'b' }]);
  });

  it('without a requestId every call is a new bet; a requestId that is no lower-case UUID is refused (400)', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    await placeBet(t, player, match, 'winner', 'a', 1_000);
    await placeBet(t, player, match, 'winner', 'a', 1_000);
    expect((await matchPage(t, match.id, player.token)).myBets).toHaveLength(2);
    const before = await written();
    // Upper case too: one key has one spelling, so a retry that changed case is not a second bet.
    const odd = ['', 'not-a-uuid', `${randomUUID()}x`, randomUUID().replace(/-/g, ''), randomUUID().toUpperCase(), 42];
    for (const requestId of odd) {
      const res = await placeBet(t, player, match, 'winner', 'a', 1_000, { requestId });
      expect({ requestId, code: res.code }).toEqual({ requestId, code: 400 });
    }
    expect(await written()).toEqual(before);
  });
});
