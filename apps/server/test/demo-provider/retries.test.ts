import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hub88 } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { newKeyPair } from '../../src/platform/signing.js';
import { insertRound, moveRound, roundById } from '../../src/modules/demo-provider/round-store.js';
import {
  dealHand,
  insureHand,
  openPlay,
  spinSlot,
  type DemoProvider,
} from '../../src/modules/demo-provider/service.js';
import { Settler } from '../../src/modules/demo-provider/settler.js';
import { drawSpin, slotPayout } from '../../src/modules/demo-provider/slot.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { FAKE_BALANCE, startFakeWallet, type FakeWallet } from './fake-wallet.js';

/*
 * The demo provider's client against a scripted wallet: a win or rollback is resent, under one
 * transaction_uuid, until a final answer (in the request, then in the background); a bet whose
 * answer never comes, is RS_ERROR_UNKNOWN or is not signed by the operator is rolled back, also
 * when a restart finds it left betting; an insurance hand waits for its premium's answer.
 */

describe('the demo provider’s wallet client', () => {
  let t: TestApp;
  let wallet: FakeWallet;
  let provider: DemoProvider;
  let token = 0;
  const providerKeys = newKeyPair();

  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    wallet = await startFakeWallet(providerKeys.publicPem);
    const link = {
      providerId: 'demo',
      base: () => wallet.url,
      privatePem: providerKeys.privatePem,
      walletPublicPem: wallet.keys.publicPem,
      timeoutMs: 300,
    };
    const now = () => new Date();
    const settler = new Settler(t.db, link, now, t.app.log, {
      inRequestMs: [10, 10],
      backgroundMs: [30],
      staleBetMs: 60_000,
    });
    provider = { db: t.db, secrets: t.app.ctx.secrets, now, link, settler };
  });
  afterEach(() => {
    for (const call of Object.keys(hub88.calls) as hub88.Hub88Call[]) wallet.script(call);
  });
  afterAll(async () => {
    await provider.settler.stop();
    await wallet.close();
    await t.close();
  });

  /** A new session and one spin at 2.00 from its committed seed. */
  async function spin() {
    token += 1;
    const launch = { token: `launch-token-${token}`, user: 'player1', game: 'demo-slot', currency: 'CNY' };
    const opened = await openPlay(provider, launch);
    const res = await spinSlot(provider, {
      token: launch.token,
      stake: 200,
      clientSeed: 'c',
      seedHash: opened.next.seedHash,
    });
    const sent = (call: hub88.Hub88Call) => wallet.received(call).filter((r) => r.body.round === res.round.roundId);
    return { res, bet: sent('transaction/bet')[0]!.body, sent };
  }

  async function eventually(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('timed out');
  }

  it('resends a win under the same transaction_uuid until the wallet gives a final answer', async () => {
    wallet.script('transaction/win', 'unknown', 'hang', 'ok');
    const { res, bet, sent } = await spin();
    expect(res.state).toBe('settled');
    expect(res.balance).toBe(FAKE_BALANCE);
    const wins = sent('transaction/win');
    expect(wins).toHaveLength(3);
    const payout = slotPayout(200, drawSpin(res.round.serverSeed, 'c', res.round.nonce));
    for (const win of wins) {
      expect(win.signed).toBe(true);
      expect(win.body).toMatchObject({
        transaction_uuid: wins[0]!.body.transaction_uuid,
        reference_transaction_uuid: bet.transaction_uuid,
        round_closed: true,
        amount: payout * hub88.HUB88_PER_CENT,
      });
    }
    expect(new Set(wins.map((w) => w.body.request_uuid)).size).toBe(3);
    expect(bet).toMatchObject({ amount: 200 * hub88.HUB88_PER_CENT, round_closed: false, game_code: 'demo-slot' });
    expect(sent('transaction/rollback')).toEqual([]);
    expect((await roundById(t.db, res.round.roundId))?.state).toBe('settled');
  });

  it('rolls back a bet that times out, and the round did not happen', async () => {
    wallet.script('transaction/bet', 'hang');
    wallet.script('transaction/rollback', 'unknown', 'ok');
    const { res, bet, sent } = await spin();
    expect(res).toMatchObject({ state: 'rolled_back', grid: null, payout: 0, balance: FAKE_BALANCE });
    const rollbacks = sent('transaction/rollback');
    expect(rollbacks).toHaveLength(2);
    expect(rollbacks[0]!.body.transaction_uuid).toBe(rollbacks[1]!.body.transaction_uuid);
    expect(rollbacks[0]!.body).toMatchObject({ reference_transaction_uuid: bet.transaction_uuid, round_closed: true });
    expect(sent('transaction/win')).toEqual([]);
  });

  it('rolls back a bet answered RS_ERROR_UNKNOWN, or answered without the operator’s signature', async () => {
    for (const act of ['unknown', 'badsig'] as const) {
      wallet.script('transaction/bet', act);
      const { res, bet, sent } = await spin();
      expect(res.state).toBe('rolled_back');
      expect(sent('transaction/rollback')[0]!.body.reference_transaction_uuid).toBe(bet.transaction_uuid);
      expect(sent('transaction/win')).toEqual([]);
    }
  });

  it('tells the player why a bet was refused, and sends neither win nor rollback', async () => {
    wallet.script('transaction/bet', 'RS_ERROR_NOT_ENOUGH_MONEY');
    const { res, sent } = await spin();
    expect(res).toMatchObject({ state: 'refused', walletStatus: 'RS_ERROR_NOT_ENOUGH_MONEY', grid: null, payout: 0 });
    expect(sent('transaction/win')).toEqual([]);
    expect(sent('transaction/rollback')).toEqual([]);
  });

  it('keeps resending in the background once the player’s request has given up', async () => {
    wallet.script('transaction/win', 'unknown', 'unknown', 'unknown', 'hang', 'unknown');
    const { res, sent } = await spin();
    expect(res.state).toBe('settling');
    expect(sent('transaction/win')).toHaveLength(3);
    await eventually(async () => (await roundById(t.db, res.round.roundId))?.state === 'settled');
    const wins = sent('transaction/win');
    expect(wins).toHaveLength(6);
    expect(new Set(wins.map((w) => w.body.transaction_uuid)).size).toBe(1);
    expect((await roundById(t.db, res.round.roundId))?.walletStatus).toBe('RS_OK');
  });

  /** A round an earlier run left betting, last moved at `at`, its rollback waiting. */
  function leftBetting(at: Date) {
    const id = randomUUID();
    const rollback = {
      user: 'player1',
      token: 'launch-token-x',
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: 'bet-1',
      round: id,
    };
    return inTransaction(t.db, (tx) =>
      insertRound(
        tx,
        {
          id,
          tokenHash: 'h',
          userName: 'player1',
          gameCode: 'demo-slot',
          serverSeed: 's',
          seedHash: 'h',
          clientSeed: 'c',
          nonce: 0,
          outcome: {},
          state: 'betting',
          betUuid: 'bet-1',
          pending: { call: 'transaction/rollback', request: rollback },
        },
        at,
      ),
    );
  }
  const rollbacksOf = (round: string) => wallet.received('transaction/rollback').filter((r) => r.body.round === round);

  it('at start, rolls back a bet an earlier run left without an answer', async () => {
    // As if the process had stopped while this bet was out, two minutes ago.
    const round = await leftBetting(new Date(Date.now() - 120_000));
    await provider.settler.resume();
    await eventually(async () => (await roundById(t.db, round.id))?.state === 'rolled_back');
    const sent = rollbacksOf(round.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      reference_transaction_uuid: 'bet-1',
      transaction_uuid: round.pending!.request.transaction_uuid,
    });
  });

  it('after a quick restart, rolls back a bet left betting once it is stale, unless its answer came meanwhile', async () => {
    // As if the process had stopped a moment before this start, these two bets out.
    const restarted = new Settler(t.db, provider.link, () => new Date(), t.app.log, {
      inRequestMs: [],
      backgroundMs: [30],
      staleBetMs: 1_000,
    });
    const lost = await leftBetting(new Date(Date.now() - 100));
    const answered = await leftBetting(new Date(Date.now() - 100));
    try {
      await restarted.resume();
      await new Promise((r) => setTimeout(r, 200));
      expect((await roundById(t.db, lost.id))?.state).toBe('betting');
      expect(rollbacksOf(lost.id)).toEqual([]);
      // Another instance had this one out: its answer comes before the bet is stale.
      await moveRound(t.db, answered.id, 'betting', { state: 'refused', pending: null }, new Date());

      await eventually(async () => (await roundById(t.db, lost.id))?.state === 'rolled_back');
      expect(rollbacksOf(lost.id)).toHaveLength(1);
      expect((await roundById(t.db, answered.id))?.state).toBe('refused');
      expect(rollbacksOf(answered.id)).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });

  it('deals no new hand while the premium of the session’s hand is out, and deals that hand back if refused', async () => {
    token += 1;
    const launch = { token: `launch-token-${token}`, user: 'player1', game: 'demo-insurance', currency: 'CNY' };
    const opened = await openPlay(provider, launch);
    const dealt = await dealHand(provider, { token: launch.token, clientSeed: 'c', seedHash: opened.next.seedHash });
    const deal = () => dealHand(provider, { token: launch.token, clientSeed: 'c', seedHash: dealt.next.seedHash });

    // The premium's answer takes its time (well within the call's timeout); meanwhile another tab deals.
    wallet.script('transaction/bet', 'RS_ERROR_NOT_ENOUGH_MONEY');
    const release = wallet.hold('transaction/bet');
    const patient = { ...provider, link: { ...provider.link, timeoutMs: 10_000 } };
    const buying = insureHand(patient, { token: launch.token, roundId: dealt.hand.roundId, premium: 200 });
    await eventually(async () => wallet.received('transaction/bet').some((r) => r.body.round === dealt.hand.roundId));
    await expect(deal()).rejects.toMatchObject({ code: 'hand_in_play', httpStatus: 409 });
    expect((await openPlay(provider, launch)).hand).toBeNull();

    release();
    expect(await buying).toMatchObject({
      state: 'dealt',
      walletStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
      hand: dealt.hand,
      river: null,
    });
    expect((await deal()).hand).toEqual(dealt.hand);
    expect((await openPlay(provider, launch)).hand).toEqual(dealt.hand);
  });
});
