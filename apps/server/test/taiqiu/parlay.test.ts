import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, playersAdmin, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';
import { acceptPending, fundedPlayer, newMatch, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * Parlays (串关) through taiqiu/parlay: what a slip may hold, its stake through the ledger, and its
 * settlement from its legs' matches (docs/design.md §9, "Parlays"); the figures of every case are
 * the model's (test/taiqiu/parlay-model.test.ts).
 */

const UNIT = 1_000;

describe('parlays', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** A leg on the match winner's pick, at its odds now. */
  const winnerLeg = (match: taiqiu.MatchDetails, pick: 'a' | 'b') => {
    const { market, sel } = selectionOf(match, 'winner', pick);
    return { matchId: match.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
  };

  const place = (player: TestPlayer, body: Record<string, unknown>) =>
    call(t.app, taiqiu.parlay, body as never, { token: player.token });

  const finish = async (match: taiqiu.MatchDetails, a: number, b: number) => {
    const res = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a, b });
    expect(res.code, res.msg).toBe(200);
  };

  const record = async (player: TestPlayer, betNo: string) => {
    const res = await call(t.app, bets.betRecordDetails, { betNo }, { token: player.token });
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };

  it('a 3串4 across three matches: four combinations staked, paid by the legs that won', async () => {
    const player = await fundedPlayer(t, 100_000);
    const matches = [await newMatch(t), await newMatch(t), await newMatch(t)];
    const legs = matches.map((m) => winnerLeg(m, 'a'));
    const requestId = randomUUID();
    const res = await place(player, { legs, sizes: [2, 3], unitStake: UNIT, requestId });
    expect(res.code, res.msg).toBe(200);
    const milli = legs.map((l) => Math.round(l.odds * 1000));
    const ret = (...odds: number[]) =>
      Number((BigInt(UNIT) * odds.reduce((p, o) => p * BigInt(o), 1n)) / 1000n ** BigInt(odds.length));
    const [x, y, z] = milli as [number, number, number];
    expect(res.data).toMatchObject({
      status: 'open',
      system: '3串4',
      combinations: 4,
      unitStake: UNIT,
      stake: 4 * UNIT,
      potentialReturn: ret(x, y) + ret(x, z) + ret(y, z) + ret(x, y, z),
    });
    expect(res.data.legs.map((l) => l.result)).toEqual([null, null, null]);
    expect((await cashOf(t, player)).balance).toBe(100_000 - 4 * UNIT);

    // The same request again answers with the slip; another slip under it is refused.
    const again = await place(player, { legs, sizes: [2, 3], unitStake: UNIT, requestId });
    expect(again.data?.betNo).toBe(res.data.betNo);
    const other = await place(player, { legs, sizes: [3], unitStake: UNIT, requestId });
    expect(other).toMatchObject({ code: 409 });
    expect((await cashOf(t, player)).balance).toBe(100_000 - 4 * UNIT);

    await finish(matches[0]!, 4, 1);
    await finish(matches[1]!, 2, 4); // b wins: the second leg is lost
    expect((await record(player, res.data.betNo)).status).toBe('open');
    await finish(matches[2]!, 4, 0);
    const settled = await record(player, res.data.betNo);
    // Only the double of the first and third legs won.
    expect(settled).toMatchObject({ status: 'won', payout: ret(x, z), validBet: 4 * UNIT });
    expect(settled.parlay).toMatchObject({ system: '3串4', combinations: 4, unitStake: UNIT });
    expect(settled.parlay!.legs.map((l) => [l.matchId, l.result])).toEqual([
      [matches[0]!.id, 'won'],
      [matches[1]!.id, 'lost'],
      [matches[2]!.id, 'won'],
    ]);
    expect((await cashOf(t, player)).balance).toBe(100_000 - 4 * UNIT + ret(x, z));
    // The console reads the same slip with its legs.
    const inConsole = await adminCall(t.app, playersAdmin.playerBetDetails, {
      username: player.username,
      betNo: res.data.betNo,
    });
    expect(inConsole.data).toEqual(settled);
  });

  it('a lost leg settles a 2串1 at once; a cancelled match counts its leg at odds 1.00', async () => {
    const player = await fundedPlayer(t, 100_000);
    const [m1, m2, m3, m4] = [await newMatch(t), await newMatch(t), await newMatch(t), await newMatch(t)];
    const lost = await place(player, { legs: [winnerLeg(m1, 'b'), winnerLeg(m2, 'a')], sizes: [2], unitStake: UNIT });
    const voided = await place(player, { legs: [winnerLeg(m3, 'a'), winnerLeg(m4, 'a')], sizes: [2], unitStake: UNIT });
    expect([lost.code, voided.code]).toEqual([200, 200]);

    await finish(m1, 4, 2);
    // m2 has not been played: the slip is lost already.
    expect(await record(player, lost.data.betNo)).toMatchObject({ status: 'lost', payout: 0, validBet: UNIT });

    expect((await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: m3.id })).code).toBe(200);
    expect((await record(player, voided.data.betNo)).status).toBe('open');
    await finish(m4, 4, 3);
    const odds = Math.round(winnerLeg(m4, 'a').odds * 1000);
    expect(await record(player, voided.data.betNo)).toMatchObject({
      status: 'won',
      payout: Math.floor((UNIT * odds) / 1000),
    });
  });

  it('refuses two legs of one match, a system that does not fit, moved odds and one leg, and takes nothing', async () => {
    const player = await fundedPlayer(t, 100_000);
    const [m1, m2] = [await newMatch(t), await newMatch(t)];
    const sameMatch = await place(player, {
      legs: [winnerLeg(m1, 'a'), winnerLeg(m1, 'b')],
      sizes: [2],
      unitStake: UNIT,
    });
    expect(sameMatch).toMatchObject({ code: 422, data: { field: 'legs' } });
    expect(sameMatch.msg).toContain('不同赛事');

    const badSystem = await place(player, {
      legs: [winnerLeg(m1, 'a'), winnerLeg(m2, 'a')],
      sizes: [3],
      unitStake: UNIT,
    });
    expect(badSystem).toMatchObject({ code: 422, data: { field: 'sizes' } });

    const moved = await place(player, {
      legs: [winnerLeg(m1, 'a'), { ...winnerLeg(m2, 'a'), odds: 9.99 }],
      sizes: [2],
      unitStake: UNIT,
    });
    expect(moved).toMatchObject({ code: 409, data: { field: 'legs.1.odds' } });

    const tooFew = await place(player, { legs: [winnerLeg(m1, 'a')], sizes: [2], unitStake: UNIT });
    expect(tooFew).toMatchObject({ code: 400 });
    expect((await cashOf(t, player)).balance).toBe(100_000);
  });

  it("follows the operator's rules (legs, market types, the most a slip returns), audited; slips placed before stand", async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const [m1, m2, m3] = [await newMatch(t), await newMatch(t), await newMatch(t)];
    const standing = await place(player, {
      legs: [winnerLeg(m1, 'a'), winnerLeg(m2, 'a')],
      sizes: [2],
      unitStake: UNIT,
    });
    expect(standing.code, standing.msg).toBe(200);
    const rules = { maxLegs: 2, maxReturn: 10_000, legTypes: ['winner', 'total'] };
    const set = await adminCall(t.app, taiqiuAdmin.parlaySettingsSet, { ...rules, reason: '风控调整' });
    expect(set).toMatchObject({ code: 200, data: rules });
    expect((await call(t.app, taiqiu.parlayRules, {})).data).toEqual(rules);
    const audit = (await adminCall(t.app, playersAdmin.auditList, { action: 'taiqiu.parlay.settings', pageSize: 10 }))
      .data.list;
    expect(audit[0]).toMatchObject({
      before: { maxLegs: 10 },
      after: rules,
      payload: expect.objectContaining({ reason: '风控调整' }),
    });

    try {
      const three = await place(player, {
        legs: [winnerLeg(m1, 'a'), winnerLeg(m2, 'a'), winnerLeg(m3, 'a')],
        sizes: [3],
        unitStake: UNIT,
      });
      expect(three).toMatchObject({ code: 422, data: { field: 'legs' } });
      expect(three.msg).toContain('最多 2 关');
      const { market, sel } = selectionOf(m2, 'handicap', 'a');
      const handicap = { matchId: m2.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
      const typeOff = await place(player, { legs: [winnerLeg(m1, 'a'), handicap], sizes: [2], unitStake: UNIT });
      expect(typeOff).toMatchObject({ code: 422, data: { field: 'legs.1' } });
      const tooMuch = await place(player, {
        legs: [winnerLeg(m1, 'a'), winnerLeg(m2, 'a')],
        sizes: [2],
        unitStake: 10_000,
      });
      expect(tooMuch).toMatchObject({ code: 422, data: { field: 'unitStake' } });
      expect(tooMuch.msg).toContain('100.00');
      expect((await cashOf(t, player)).balance).toBe(1_000_000 - UNIT);
      expect((await adminCall(t.app, taiqiuAdmin.parlaySettingsSet, { ...rules, maxLegs: 11, reason: 'x' })).code).toBe(
        400,
      );
      expect((await adminCall(t.app, taiqiuAdmin.parlaySettingsSet, { ...rules, reason: '' })).code).toBe(400);

      await finish(m1, 4, 0);
      await finish(m2, 4, 0);
      expect((await record(player, standing.data.betNo)).status).toBe('won');
    } finally {
      const all = { maxLegs: 10, maxReturn: 50_000_000, legTypes: [...taiqiu.marketTypes] };
      expect((await adminCall(t.app, taiqiuAdmin.parlaySettingsSet, { ...all, reason: 'reset' })).code).toBe(200);
    }
  });

  it('a leg in play makes the slip pending for its delay; a leg whose odds moved meanwhile refuses it, stake back', async () => {
    const player = await fundedPlayer(t, 100_000);
    const [m1, m2, m3] = [await newMatch(t), await newMatch(t), await newMatch(t)];
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: m2.id, a: 1, b: 0 })).code).toBe(200);
    const live = await matchOf(m2.id);
    const taken = await place(player, {
      legs: [winnerLeg(m1, 'a'), winnerLeg(live, 'a')],
      sizes: [2],
      unitStake: UNIT,
    });
    expect(taken).toMatchObject({ code: 200, data: { status: 'pending' } });
    const moved = await place(player, {
      legs: [winnerLeg(m3, 'b'), winnerLeg(live, 'b')],
      sizes: [2],
      unitStake: UNIT,
    });
    expect(moved).toMatchObject({ code: 200, data: { status: 'pending' } });
    expect((await cashOf(t, player)).balance).toBe(100_000 - 2 * UNIT);

    // In the window the operator moves the live leg of the second slip: the player takes no change.
    const { sel } = selectionOf(live, 'winner', 'b');
    expect((await adminCall(t.app, taiqiuAdmin.oddsSet, { selectionId: sel.id, odds: sel.odds + 0.5 })).code).toBe(200);
    expect(await acceptPending(t)).toBe(2);
    expect(await record(player, taken.data.betNo)).toMatchObject({ status: 'open' });
    expect(await record(player, moved.data.betNo)).toMatchObject({ status: 'rejected', rejectedReason: 'oddsChanged' });
    expect((await cashOf(t, player)).balance).toBe(100_000 - UNIT);

    await finish(m1, 4, 2);
    await finish(m2, 4, 1);
    const settled = await record(player, taken.data.betNo);
    const product = taken.data.legs.reduce((p, l) => p * BigInt(Math.round(l.odds * 1000)), BigInt(UNIT));
    expect(settled).toMatchObject({ status: 'won', payout: Number(product / 1_000_000n) });
  });

  it('two matches settling legs of the same slips at once: each slip decided and paid once', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(t, 100_000)));
    const [m1, m2] = [await newMatch(t), await newMatch(t)];
    const legs = [winnerLeg(m1, 'a'), winnerLeg(m2, 'a')];
    const slips = await Promise.all(players.map((p) => place(p, { legs, sizes: [2], unitStake: UNIT })));
    expect(slips.map((s) => s.code)).toEqual(players.map(() => 200));
    const [r1, r2] = await Promise.all([
      adminCall(t.app, taiqiuAdmin.matchResult, { matchId: m1.id, a: 4, b: 1 }),
      adminCall(t.app, taiqiuAdmin.matchResult, { matchId: m2.id, a: 4, b: 2 }),
    ]);
    expect([r1.code, r2.code]).toEqual([200, 200]);
    const payout = Number(
      (BigInt(UNIT) * BigInt(Math.round(legs[0]!.odds * 1000)) * BigInt(Math.round(legs[1]!.odds * 1000))) / 1_000_000n,
    );
    for (const [i, p] of players.entries()) {
      expect(await record(p, slips[i]!.data.betNo)).toMatchObject({ status: 'won', payout });
      expect((await cashOf(t, p)).balance).toBe(100_000 - UNIT + payout);
    }
    await expectLedgerOk(t.db);
  });

  const matchOf = async (id: number) => (await call(t.app, taiqiu.match, { id })).data;
});
