import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { hub88 } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import {
  balanceOf,
  registerTestProvider,
  seatPlayer,
  sendProvider,
  units,
  type Round,
  type TestProvider,
} from '../helpers/provider.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The same 400 provider requests (bets, wins, rollbacks over several players) sent once in
 * order, and sent twice in random order and concurrently, leave the same balances and bets.
 * "Random order" keeps what the protocol itself orders: a win or rollback is sent after its bet
 * was answered (Hub88 never sends a win before its bet's answer), so the requests go in two
 * waves, each shuffled: bets and early rollbacks, then wins, rollbacks and the late bets those
 * early rollbacks refuse. Balances cover every bet, so no refusal depends on the order.
 */

const PLAYERS = 5;
const REQUESTS = 400;
const FUNDS = 10_000_000;

/** Deterministic randomness (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Step {
  call: hub88.Hub88Call;
  wave: 1 | 2;
  player: number;
  /** The body without the player's user and token. */
  body: Record<string, unknown>;
}

/** The script: bets, each won once or twice, lost, rolled back or left open; rollbacks before a bet. */
function script(seed: number): Step[] {
  const rnd = random(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const steps: Step[] = [];
  for (let n = 0; steps.length < REQUESTS; n += 1) {
    const player = int(PLAYERS);
    const round = `r${n}`;
    const uuid = `t${n}`;
    const bet = {
      request_uuid: `q${n}`,
      transaction_uuid: uuid,
      supplier_transaction_id: `s${n}`,
      round,
      round_closed: false,
      currency: 'CNY',
      amount: units(100 + int(5_000)),
      is_free: false,
    };
    const win = (k: number, amount: number) => ({
      ...bet,
      request_uuid: `q${n}w${k}`,
      transaction_uuid: `${uuid}w${k}`,
      reference_transaction_uuid: uuid,
      round_closed: true,
      amount,
    });
    const rollback = {
      request_uuid: `q${n}r`,
      transaction_uuid: `${uuid}r`,
      reference_transaction_uuid: uuid,
      round,
      round_closed: true,
    };
    const fate = rnd();
    if (fate < 0.1) {
      // A rollback before its bet: the late bet is refused.
      steps.push({ call: 'transaction/rollback', wave: 1, player, body: rollback });
      steps.push({ call: 'transaction/bet', wave: 2, player, body: bet });
      continue;
    }
    steps.push({ call: 'transaction/bet', wave: 1, player, body: bet });
    if (fate < 0.55) steps.push({ call: 'transaction/win', wave: 2, player, body: win(1, int(12_000_000)) });
    else if (fate < 0.65) steps.push({ call: 'transaction/win', wave: 2, player, body: win(1, 0) });
    else if (fate < 0.8) {
      steps.push({ call: 'transaction/win', wave: 2, player, body: win(1, int(3_000_000)) });
      steps.push({ call: 'transaction/win', wave: 2, player, body: win(2, int(3_000_000)) });
    } else if (fate < 0.95) steps.push({ call: 'transaction/rollback', wave: 2, player, body: rollback });
  }
  return steps.slice(0, REQUESTS);
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Runs the sends with at most `width` under way at once. */
async function concurrently<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe('replaying provider requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(() => t.close());

  /** A provider with its players; each step's body with the player's user, token and game. */
  async function table(): Promise<{ provider: TestProvider; players: TestPlayer[]; rounds: Round[] }> {
    const provider = await registerTestProvider(t);
    const seated = [];
    for (let i = 0; i < PLAYERS; i += 1) seated.push(await seatPlayer(t, FUNDS, provider.slot));
    return { provider, players: seated.map((s) => s.player), rounds: seated.map((s) => s.r) };
  }

  const bodyOf = (step: Step, r: Round) => ({ ...step.body, user: r.user, token: r.token, game_code: r.game });

  /** Per player: balance, and how many bets are open, won, lost and void. */
  async function outcome(players: TestPlayer[]) {
    return Promise.all(
      players.map(async (player) => {
        const rows = await queryRows<{ status: string; n: number; payout: string }>(
          t.db,
          sql`SELECT status, count(*)::int AS n, sum(payout)::text AS payout FROM bets WHERE user_id = ${player.userId}
              GROUP BY status ORDER BY status`,
        );
        return { balance: await balanceOf(t, player), bets: rows };
      }),
    );
  }

  it('twice, shuffled and concurrent, leaves what once in order leaves', { timeout: 300_000 }, async () => {
    const steps = script(20_240_501);
    expect(steps).toHaveLength(REQUESTS);

    const once = await table();
    for (const wave of [1, 2] as const) {
      for (const step of steps.filter((s) => s.wave === wave)) {
        const res = await sendProvider(t, once.provider, step.call, bodyOf(step, once.rounds[step.player]!));
        expect(res.answer.status === 'RS_OK' || res.answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK').toBe(true);
      }
    }
    const expected = await outcome(once.players);

    const twice = await table();
    const rnd = random(7);
    const statuses = new Map<string, Set<string>>();
    for (const wave of [1, 2] as const) {
      const sends = shuffle(
        steps.filter((s) => s.wave === wave).flatMap((s) => [s, s]),
        rnd,
      ).map((step) => async () => {
        const res = await sendProvider(t, twice.provider, step.call, bodyOf(step, twice.rounds[step.player]!));
        expect(res.signedByUs).toBe(true);
        const uuid = String(step.body.transaction_uuid);
        statuses.set(uuid, (statuses.get(uuid) ?? new Set()).add(res.answer.status));
      });
      await concurrently(sends, 16);
    }
    // Both copies of each request got the same answer.
    expect([...statuses.values()].filter((s) => s.size > 1)).toEqual([]);
    expect(await outcome(twice.players)).toEqual(expected);
    expect(expected.every((p) => p.balance !== FUNDS)).toBe(true);
    await expectLedgerOk(t.db);
  });
});
