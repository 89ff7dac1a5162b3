import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { taiqiu } from '@breakshot/contracts';
import { returnOf, taiqiuAdmin, wallet } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';
import { fundedPlayer, marketOf, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * Result corrections against a model (docs/design.md §9, "Result corrections"): players bet on
 * two markets of a match, it finishes, and any sequence of corrections re-decides them. After
 * each one, every player's cash less what they owe, their bets' figures in the agents' day
 * roll-ups summed over the days, and the valid bet counted towards rebate (with what it accrued),
 * VIP, the agents' member list and the daily task (with its rewards to claim) equal a model that
 * settles once with the outcomes as they are now; a debt is only left where the cash is spent; the ledger check holds at the end.
 */

const MARKETS = ['winner', 'total'] as const;
type MarketKind = (typeof MARKETS)[number];
const PICKS: Record<MarketKind, [taiqiu.Pick, taiqiu.Pick]> = { winner: ['a', 'b'], total: ['over', 'under'] };
type Outcome = 'won' | 'lost' | 'void';
/** A two-way market's outcomes: the first pick wins, the second does, or both are void. */
const decisions: [Outcome, Outcome][] = [
  ['won', 'lost'],
  ['lost', 'won'],
  ['void', 'void'],
];

const betPlan = fc.record({
  market: fc.constantFrom(...MARKETS),
  side: fc.constantFrom(0, 1),
  // Up to 300,000 a player: the daily task's first tier (100,000) is reached and lost by corrections.
  stake: fc.integer({ min: 2, max: 40 }).map((n) => n * 2_500),
});
const plan = fc.record({
  players: fc.array(
    fc.record({
      cash: fc.integer({ min: 0, max: 3 }).map((n) => n * 20_000),
      bets: fc.array(betPlan, { minLength: 1, maxLength: 3 }),
      /** Quarters of their cash after the settlement they bet on another match: a reversal may find it gone. */
      spend: fc.integer({ min: 0, max: 4 }),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  corrections: fc.array(
    fc.array(fc.record({ market: fc.constantFrom(...MARKETS), decision: fc.constantFrom(0, 1, 2) }), {
      minLength: 1,
      maxLength: 2,
    }),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
});

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(async () => {
  await expectLedgerOk(t.db);
  await t.close();
});

/** The agents' day figures of the player's billiards bets, summed over every day. */
async function rolledUp(userId: number) {
  const [row] = await queryRows<{ bets: string; stake: string; valid: string; payout: string }>(
    t.db,
    sql`SELECT coalesce(sum(bet_count), 0) AS bets, coalesce(sum(stake), 0) AS stake,
          coalesce(sum(valid_bet), 0) AS valid, coalesce(sum(payout), 0) AS payout
        FROM agent_daily WHERE user_id = ${userId} AND game_type = 'taiqiu'`,
  );
  return {
    bets: Number(row!.bets),
    stake: Number(row!.stake),
    validBet: Number(row!.valid),
    payout: Number(row!.payout),
  };
}

/**
 * What the player's billiards valid bets counted: towards rebate (and its cent·basis points), VIP,
 * the agents' member list and the daily task (its day's total, and the task rewards still to claim).
 */
async function countedOf(userId: number) {
  const [row] = await queryRows<{ rv: string; ra: string; vv: string; mv: string; tv: string; tr: string }>(
    t.db,
    sql`SELECT (SELECT coalesce(sum(valid_bet), 0) FROM rebate_accruals WHERE user_id = ${userId} AND game_type = 'taiqiu') AS rv,
          (SELECT coalesce(sum(accrued), 0) FROM rebate_accruals WHERE user_id = ${userId} AND game_type = 'taiqiu') AS ra,
          (SELECT coalesce(sum(valid_bet), 0) FROM vip_progress WHERE user_id = ${userId}) AS vv,
          (SELECT coalesce(sum(valid_bet), 0) FROM member_totals WHERE user_id = ${userId}) AS mv,
          (SELECT coalesce(sum(valid_bet), 0) FROM task_days WHERE user_id = ${userId}) AS tv,
          (SELECT count(*) FROM rewards WHERE user_id = ${userId} AND source = 'task' AND status = 'unclaimed'
             AND expires_at > ${t.clock.now().toISOString()}::timestamptz) AS tr`,
  );
  return {
    rebateValidBet: Number(row!.rv),
    rebateAccrued: Number(row!.ra),
    vipValidBet: Number(row!.vv),
    memberValidBet: Number(row!.mv),
    taskValidBet: Number(row!.tv),
    taskRewards: Number(row!.tr),
  };
}

/** The daily task's seeded tiers (drizzle/0025_rewards.sql): the valid bet each is granted at. */
const TASK_TIERS = [100_000, 500_000, 2_000_000, 5_000_000, 10_000_000];

/** The player's billiards rebate rate (basis points) at their level now: the rate every bet here accrues and is taken back at. */
async function rateNow(userId: number) {
  const [row] = await queryRows<{ rate: number | null }>(
    t.db,
    sql`SELECT rr.rate_bp AS rate FROM users u
        LEFT JOIN rebate_rates rr ON rr.vip_level = u.vip_level AND rr.game_type = 'taiqiu' WHERE u.id = ${userId}`,
  );
  return row?.rate ?? 0;
}

describe('result corrections against a model', () => {
  it('after every correction, cash less debt, the roll-ups, rebate, VIP, lifetime valid bet and the daily task equal one settlement with the outcomes then (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const match = await newMatch(t);
        const markets = Object.fromEntries(MARKETS.map((k) => [k, marketOf(match, k)])) as Record<
          MarketKind,
          taiqiu.Market
        >;
        const players: {
          player: TestPlayer;
          /** What they had: funded, less what they bet on the later match. */
          start: number;
          spend: number;
          bets: { market: MarketKind; side: number; stake: number; oddsMilli: number }[];
        }[] = [];
        for (const plan of p.players) {
          const stakes = plan.bets.reduce((s, b) => s + b.stake, 0);
          const player = await fundedPlayer(t, plan.cash + stakes);
          const bets = [];
          for (const b of plan.bets) {
            const res = await placeBet(t, player, match, b.market, PICKS[b.market][b.side]!, b.stake);
            expect(res.code, res.msg).toBe(200);
            bets.push({ ...b, oddsMilli: Math.round(res.data.odds * 1000) });
          }
          players.push({ player, start: plan.cash + stakes, bets, spend: plan.spend });
        }
        const done = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 });
        expect(done.code, done.msg).toBe(200);
        const later = await newMatch(t);
        for (const entry of players) {
          const spent = Math.floor(((await cashOf(t, entry.player)).balance * entry.spend) / 4);
          if (spent >= 1_000) expect((await placeBet(t, entry.player, later, 'winner', 'a', spent)).code).toBe(200);
          entry.start -= spent >= 1_000 ? spent : 0;
        }
        // The outcomes as the book decided them: read back from the first correction's preview below.
        const now = new Map<MarketKind, [Outcome, Outcome]>();

        for (const step of p.corrections) {
          const wanted = new Map(step.map((c) => [c.market, decisions[c.decision]!]));
          const body = {
            matchId: match.id,
            markets: [...wanted].map(([kind, outcomes]) => ({
              marketId: markets[kind].id,
              results: markets[kind].selections.map((s) => ({
                selectionId: s.id,
                result: outcomes[PICKS[kind].indexOf(s.pick)]!,
              })),
            })),
          };
          const made = await adminCall(t.app, taiqiuAdmin.correctionCreate, { ...body, reason: 'model' });
          if (made.code === 400) {
            expect(made.msg).toBe('赛果与当前相同，无需更正');
            continue;
          }
          expect(made.code, made.msg).toBe(200);
          for (const m of made.data.markets) {
            const kind = MARKETS.find((k) => markets[k].id === m.marketId)!;
            const outcomeOf = (pick: taiqiu.Pick) => {
              const sel = markets[kind].selections.find((s) => s.pick === pick)!;
              return m.selections.find((s) => s.selectionId === sel.id)!.after;
            };
            now.set(kind, [outcomeOf(PICKS[kind][0]), outcomeOf(PICKS[kind][1])]);
          }
          for (const { player, start, bets } of players) {
            // Markets never corrected keep the book's outcome: 4:2 wins A and is under the line.
            const outcome = (b: (typeof bets)[number]) =>
              (now.get(b.market) ?? (b.market === 'winner' ? ['won', 'lost'] : totalOutcomes(markets.total)))[b.side]!;
            const settled = bets.map((b) => ({ ...b, ...figuresOf(b.stake, b.oddsMilli, outcome(b)) }));
            const counted = settled.filter((b) => b.outcome !== 'void');
            const expectedNet = start - settled.reduce((s, b) => s + b.stake - b.payout, 0);
            const cash = (await cashOf(t, player)).balance;
            const debt = (await call(t.app, wallet.debt, {}, { token: player.token })).data.owed;
            expect(cash - debt).toBe(expectedNet);
            expect(debt === 0 || cash === 0).toBe(true);
            const validBet = counted.reduce((s, b) => s + b.validBet, 0);
            expect(await rolledUp(player.userId)).toEqual({
              bets: counted.length,
              stake: counted.reduce((s, b) => s + b.stake, 0),
              validBet,
              payout: counted.reduce((s, b) => s + b.payout, 0),
            });
            expect(await countedOf(player.userId)).toEqual({
              rebateValidBet: validBet,
              rebateAccrued: validBet * (await rateNow(player.userId)),
              vipValidBet: validBet,
              memberValidBet: validBet,
              taskValidBet: validBet,
              taskRewards: TASK_TIERS.filter((tier) => tier <= validBet).length,
            });
          }
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});

/** A settlement's figures of a single (bets/settle.ts settlementOf, as the model has it). */
function figuresOf(stake: number, oddsMilli: number, outcome: Outcome) {
  if (outcome === 'void') return { outcome, payout: stake, validBet: 0 };
  const payout = outcome === 'won' ? returnOf(stake, oddsMilli) : 0;
  const validBet = oddsMilli < 1500 ? Math.min(stake, Math.abs(payout - stake)) : stake;
  return { outcome, payout, validBet };
}

/** The total market's outcomes at 4:2 (six frames): over wins above the line, under below, void on it. */
function totalOutcomes(total: taiqiu.Market): [Outcome, Outcome] {
  const line = total.line ?? 0;
  if (6 > line) return ['won', 'lost'];
  if (6 < line) return ['lost', 'won'];
  return ['void', 'void'];
}
