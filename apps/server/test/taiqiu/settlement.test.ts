import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bets, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { inTransaction, queryRows } from '../../src/platform/db.js';
import { addTurnoverRequirement, getTurnover } from '../../src/modules/turnover/service.js';
import {
  cancelMatch,
  finishMatch,
  resumeSettlements,
  settleMatch,
  SETTLE_LOCK,
} from '../../src/modules/taiqiu/settlement.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';
import {
  acceptPending,
  fundedPlayer,
  matchPage,
  newMatch,
  placeBet,
  startTaiqiuApp,
  EVERY_SELECTION,
} from '../helpers/taiqiu.js';

const STAKE = 10_000;

describe('billiards settlement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** Bets STAKE on every selection; returns bet numbers and odds by "type:pick". */
  async function betEverything(player: TestPlayer, match: taiqiu.MatchDetails) {
    const placed = new Map<string, { betNo: string; odds: number }>();
    for (const [type, pick] of EVERY_SELECTION) {
      const res = await placeBet(t, player, match, type, pick, STAKE);
      expect(res.code, res.msg).toBe(200);
      placed.set(`${type}:${pick}`, { betNo: res.data.betNo, odds: res.data.odds });
    }
    // On a live match they were pending: their odds stood, they are taken.
    await acceptPending(t);
    return placed;
  }

  /** The match's bets still open. */
  async function openBets(matchId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM bets WHERE round_id = ${String(matchId)} AND status = 'open'`,
    );
    return row!.n;
  }

  async function record(player: TestPlayer, betNo: string) {
    const res = await call(t.app, bets.betRecordDetails, { betNo }, { token: player.token });
    expect(res.code, res.msg).toBe(200);
    return res.data;
  }

  /** Checks each bet's status, payout and valid bet; returns the total paid back. */
  async function expectSettled(
    player: TestPlayer,
    placed: Map<string, { betNo: string; odds: number }>,
    expected: Record<string, 'won' | 'lost' | 'void'>,
    result: string,
  ): Promise<number> {
    let paid = 0;
    for (const [key, { betNo, odds }] of placed) {
      const status = expected[key];
      const bet = await record(player, betNo);
      const payout =
        status === 'won' ? Math.floor((STAKE * Math.round(odds * 1000)) / 1000) : status === 'void' ? STAKE : 0;
      expect({ key, status: bet.status, payout: bet.payout, validBet: bet.validBet, result: bet.result }).toEqual({
        key,
        status,
        payout,
        validBet: status === 'void' ? 0 : odds < 1.5 ? Math.min(STAKE, Math.abs(payout - STAKE)) : STAKE,
        result,
      });
      expect(bet.settledAt).not.toBeNull();
      paid += payout;
    }
    return paid;
  }

  it('scored by hand: a score one frame on settles that frame; a jump of two leaves its frames void', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t);
    const frameBet = async (frame: number, pick: 'a' | 'b') => {
      const page = await matchPage(t, match.id);
      const market = page.markets.find((m) => m.type === 'frame_winner' && m.frame === frame)!;
      const sel = market.selections.find((s) => s.pick === pick)!;
      const res = await call(
        t.app,
        taiqiu.bet,
        { matchId: match.id, marketId: market.id, selectionId: sel.id, stake: STAKE, odds: sel.odds },
        { token: player.token },
      );
      expect(res.code, res.msg).toBe(200);
      await acceptPending(t);
      return res.data.betNo;
    };
    const first = await frameBet(1, 'a');
    const second = await frameBet(2, 'a');
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 0, b: 1 })).code).toBe(200);
    expect(await record(player, first)).toMatchObject({ status: 'lost', payout: 0 });
    const third = await frameBet(3, 'b');
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 2 })).code).toBe(200);
    expect(await record(player, second)).toMatchObject({ status: 'void', payout: STAKE });
    expect(await record(player, third)).toMatchObject({ status: 'void', payout: STAKE });
    await expectLedgerOk(t.db);
  });

  it('4:2 on lines −2 and 6: winner and even win, handicap and total push (void, stake back)', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t, { handicapLine: -2, totalLine: 6 });
    const placed = await betEverything(player, match);
    expect((await cashOf(t, player)).balance).toBe(1_000_000 - 8 * STAKE);

    const res = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ status: 'finished', settledBets: 8 });

    const paid = await expectSettled(
      player,
      placed,
      {
        'winner:a': 'won',
        'winner:b': 'lost',
        'handicap:a': 'void',
        'handicap:b': 'void',
        'total:over': 'void',
        'total:under': 'void',
        'oddeven:odd': 'lost',
        'oddeven:even': 'won',
      },
      '4:2',
    );
    expect((await cashOf(t, player)).balance).toBe(1_000_000 - 8 * STAKE + paid);
    const page = await matchPage(t, match.id, player.token);
    expect(page).toMatchObject({ status: 'finished', score: { a: 4, b: 2 }, winner: 'a', mainOdds: null });
    expect(page.markets.every((m) => m.status === 'closed')).toBe(true);
    expect(page.myBets).toHaveLength(8);
  });

  it('1:4 on lines +1.5 and 5.5: b wins the match and the handicap, under and odd win', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t, { handicapLine: 1.5, totalLine: 5.5, frameWinA: 0.4 });
    const placed = await betEverything(player, match);
    const res = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 1, b: 4 });
    expect(res.code, res.msg).toBe(200);
    const paid = await expectSettled(
      player,
      placed,
      {
        'winner:a': 'lost',
        'winner:b': 'won',
        'handicap:a': 'lost',
        'handicap:b': 'won',
        'total:over': 'lost',
        'total:under': 'won',
        'oddeven:odd': 'won',
        'oddeven:even': 'lost',
      },
      '1:4',
    );
    expect((await cashOf(t, player)).balance).toBe(1_000_000 - 8 * STAKE + paid);
  });

  it('4:3 on lines −0.5 and 6.5: a covers the handicap, over and odd win', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t, { handicapLine: -0.5, totalLine: 6.5 });
    const placed = await betEverything(player, match);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 3 });
    await expectSettled(
      player,
      placed,
      {
        'winner:a': 'won',
        'winner:b': 'lost',
        'handicap:a': 'won',
        'handicap:b': 'lost',
        'total:over': 'won',
        'total:under': 'lost',
        'oddeven:odd': 'won',
        'oddeven:even': 'lost',
      },
      '4:3',
    );
  });

  it('odds below 1.5: the valid bet is min(stake, win or loss), and turnover counts it', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    await inTransaction(t.db, (tx) =>
      addTurnoverRequirement(tx, {
        userId: player.userId,
        amount: 100_000,
        source: 'deposit',
        reference: { table: 'test', id: player.userId },
      }),
    );
    const match = await newMatch(t);
    const winner = match.markets.find((m) => m.type === 'winner')!;
    for (const [pick, odds] of [
      ['a', 1.25],
      ['b', 1.4],
    ] as const) {
      const sel = winner.selections.find((s) => s.pick === pick)!;
      const res = await adminCall(t.app, taiqiuAdmin.oddsSet, { selectionId: sel.id, odds });
      expect(res.code, res.msg).toBe(200);
    }
    const priced = await matchPage(t, match.id);
    const won = await placeBet(t, player, priced, 'winner', 'a', STAKE);
    const lost = await placeBet(t, player, priced, 'winner', 'b', STAKE);
    expect([won.data.odds, lost.data.odds]).toEqual([1.25, 1.4]);
    expect(won.data.potentialReturn).toBe(12_500);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 });
    expect(await record(player, won.data.betNo)).toMatchObject({
      status: 'won',
      payout: 12_500,
      validBet: 2_500,
      winLoss: 2_500,
    });
    expect(await record(player, lost.data.betNo)).toMatchObject({
      status: 'lost',
      payout: 0,
      validBet: STAKE,
      winLoss: -STAKE,
    });
    expect(await getTurnover(t.db, player.userId)).toEqual({ required: 100_000, done: 12_500, left: 87_500 });
    expect((await cashOf(t, player)).balance).toBe(1_000_000 - 2 * STAKE + 12_500);
  });

  it('a cancelled match voids every open bet and refunds the stakes; valid bet 0', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t);
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 2 })).code).toBe(200);
    const live = await matchPage(t, match.id);
    const placed = await betEverything(player, live);
    const res = await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: match.id, reason: 'venue power cut' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ status: 'cancelled', settledBets: 8 });
    for (const { betNo } of placed.values()) {
      expect(await record(player, betNo)).toMatchObject({
        status: 'void',
        payout: STAKE,
        validBet: 0,
        winLoss: 0,
        result: null,
      });
    }
    expect((await cashOf(t, player)).balance).toBe(1_000_000);
    expect((await matchPage(t, match.id)).status).toBe('cancelled');
  });

  it('settling again changes nothing: balances, bets, transfers and turnover stay as they were', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t, { handicapLine: -2, totalLine: 6 });
    await betEverything(player, match);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 });

    const snapshot = async () => ({
      cash: await cashOf(t, player),
      bets: await queryRows(t.db, sql`SELECT * FROM bets WHERE round_id = ${String(match.id)} ORDER BY id`),
      transfers: await queryRows(t.db, sql`SELECT count(*)::int AS n FROM transfers`),
      turnover: await queryRows(t.db, sql`SELECT count(*)::int AS n FROM turnover_events`),
    });
    const before = await snapshot();
    expect(await settleMatch(t.app.ctx, match.id)).toBe(0);
    expect(await settleMatch(t.app.ctx, match.id)).toBe(0);
    expect(await snapshot()).toEqual(before);

    const again = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 });
    expect(again).toMatchObject({ code: 409 });
    expect(again.msg).toContain('finished');
    expect((await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: match.id })).code).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('a result that is not final, and a live score past the end, are refused', async () => {
    const match = await newMatch(t, { bestOf: 5 });
    for (const [a, b] of [
      [2, 2],
      [3, 3],
      [4, 1],
    ]) {
      const res = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a, b });
      expect(res.code).toBe(400);
    }
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 3, b: 0 })).code).toBe(400);
    expect((await matchPage(t, match.id)).status).toBe('scheduled');
  });

  it('settles a batch of bets to a transaction; bets an end left open (a crash) are settled by the resume, once', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t);
    await betEverything(player, match);
    // The end committed and the process died before any batch: every bet still open.
    await inTransaction(t.app.ctx.db, (tx) => finishMatch(tx, t.app.ctx, match.id, { a: 4, b: 1 }));
    expect(await openBets(match.id)).toBe(8);
    await resumeSettlements(t.app.ctx);
    expect(await openBets(match.id)).toBe(0);
    const cash = (await cashOf(t, player)).balance;
    await resumeSettlements(t.app.ctx);
    expect((await cashOf(t, player)).balance).toBe(cash);
    await expectLedgerOk(t.db);
  });

  it("a player's bets settled together count as one row of turnover, rebate, VIP and the task, named by the first", async () => {
    const players = [await fundedPlayer(t, 1_000_000), await fundedPlayer(t, 1_000_000)];
    const match = await newMatch(t, { handicapLine: -2, totalLine: 6 });
    for (const player of players) await betEverything(player, match);
    // Three bets a batch: each player's eight bets in three batches, by id. The handicap and the
    // total push (void, no valid bet): the second batch (handicap b, total over, total under) has none.
    await inTransaction(t.app.ctx.db, (tx) => finishMatch(tx, t.app.ctx, match.id, { a: 4, b: 2 }));
    expect(await settleMatch(t.app.ctx, match.id, 3)).toBe(16);

    for (const player of players) {
      const batches = await queryRows<{ first: string; bets: number; validBet: number }>(
        t.db,
        sql`SELECT (array_agg(bet_no ORDER BY id))[1] AS first, count(*)::int AS bets, sum(valid_bet)::int AS "validBet"
            FROM (SELECT *, (row_number() OVER (ORDER BY id) - 1) / 3 AS batch FROM bets
                  WHERE user_id = ${player.userId} AND round_id = ${String(match.id)}) b
            WHERE valid_bet > 0 GROUP BY batch ORDER BY 1`,
      );
      expect(batches.map((b) => b.bets)).toEqual([2, 2]);
      for (const table of ['turnover_events', 'rebate_accrual_events', 'vip_progress_events', 'task_bets']) {
        const amount = table === 'turnover_events' ? sql`amount` : sql`valid_bet`;
        const rows = await queryRows<{ first: string; bets: number; validBet: number }>(
          t.db,
          sql`SELECT reference_id AS first, bets, ${amount}::int AS "validBet" FROM ${sql.identifier(table)}
              WHERE user_id = ${player.userId} AND reference_table = 'bets' ORDER BY 1`,
        );
        expect({ table, rows }).toEqual({ table, rows: batches });
      }
    }
  });

  it('two settlements of one match at once, three bets a batch, settle each bet once', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const match = await newMatch(t);
    await betEverything(player, match);
    await inTransaction(t.app.ctx.db, (tx) => cancelMatch(tx, t.app.ctx, match.id));
    const counts = await Promise.all([settleMatch(t.app.ctx, match.id, 3), settleMatch(t.app.ctx, match.id, 3)]);
    expect(counts[0] + counts[1]).toBe(8);
    expect((await cashOf(t, player)).balance).toBe(1_000_000);
    await expectLedgerOk(t.db);
  });

  it.skipIf(!TEST_SERVER_URL)(
    'the resume leaves the streams another run is settling to it, without waiting (PostgreSQL)',
    async () => {
      const player = await fundedPlayer(t, 1_000_000);
      const match = await newMatch(t);
      await betEverything(player, match);
      await inTransaction(t.app.ctx.db, (tx) => finishMatch(tx, t.app.ctx, match.id, { a: 4, b: 1 }));
      // Another instance's run, in a batch of each stream: its locks held until released.
      let held!: () => void;
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const run = inTransaction(t.db, async (tx) => {
        for (const stream of [0, 1]) {
          await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${SETTLE_LOCK + stream}, ${match.id})`);
        }
        held();
        await released;
      });
      await holding;
      // Waiting here would never end: the run is released after it.
      await resumeSettlements(t.app.ctx);
      expect(await openBets(match.id)).toBe(8);
      release();
      await run;
      await resumeSettlements(t.app.ctx);
      expect(await openBets(match.id)).toBe(0);
      await expectLedgerOk(t.db);
    },
  );
});
