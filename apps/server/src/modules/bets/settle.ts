import { sql } from 'drizzle-orm';
import { returnOf } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { BetFacts, BetSettlement, LedgerRow, PlayerValidBet } from '../../platform/domain-events.js';
import { preparedStatement } from '../../platform/prepared.js';
import { payFromHouse } from '../wallet/service.js';
import type { BetRow } from './tables.js';

/** cashout: the last of the bet's running stake was cashed out (taiqiu/cashout), its money moved then. */
export type BetOutcome = 'won' | 'lost' | 'void' | 'cashout';

/** A bet to settle with its outcome, and the score it was settled at (none where there is no score). */
export interface Settling {
  bet: BetRow;
  outcome: BetOutcome;
  result: string | null;
  /**
   * Its payout and valid bet where the bet's odds do not give them (a parlay's, summed over its
   * combinations; a cash-out's, what its cash-outs paid and counted).
   */
  figures?: { payout: number; validBet: number };
}

/**
 * What settling pays and records of a bet part of whose stake was cashed out before
 * (docs/design.md §9, "Cash-out"): the running stake's share of the whole stake's settlement,
 * rounded down, is credited now; the bet records that plus what its cash-outs paid, and its valid
 * bet that share plus theirs. A win whose share rounds to nothing records as lost (no payout moves).
 */
function withCashouts(bet: BetRow, outcome: BetOutcome, whole: { payout: number; validBet: number }) {
  if (outcome === 'cashout') return { outcome, ...whole, credit: 0 };
  if (bet.cashoutStake === 0) return { outcome, ...whole, credit: outcome === 'lost' ? 0 : whole.payout };
  const running = bet.stake - bet.cashoutStake;
  const credit = outcome === 'lost' ? 0 : runningShare(whole.payout, bet.stake, running);
  return {
    outcome: outcome === 'won' && credit === 0 ? ('lost' as const) : outcome,
    payout: credit + bet.cashoutPaid,
    validBet: runningShare(whole.validBet, bet.stake, running) + bet.cashoutValid,
    credit,
  };
}

/** What settling the bet with this outcome records and credits, its cash-outs counted. */
export const settledFigures = (bet: BetRow, outcome: BetOutcome, figures?: { payout: number; validBet: number }) =>
  withCashouts(bet, outcome, figures ?? settlementOf(bet.stake, bet.oddsMilli, outcome));

/** The running stake's share of an amount of the whole stake, rounded down. */
const runningShare = (amount: number, stake: number, running: number) =>
  Number((BigInt(amount) * BigInt(running)) / BigInt(stake));

/**
 * Payout and valid bet (有效投注, docs/design.md §8) of a bet settled with this outcome: a win pays
 * floor(stake × odds), a void bet its stake; the valid bet is the stake of a won or lost bet,
 * min(stake, |win or loss|) below odds 1.5, and 0 when void.
 */
export function settlementOf(stake: number, oddsMilli: number | null, outcome: BetOutcome) {
  if (outcome === 'void') return { payout: stake, validBet: 0 };
  const payout = outcome === 'won' ? (oddsMilli === null ? stake : returnOf(stake, oddsMilli)) : 0;
  const lowOdds = oddsMilli !== null && oddsMilli < 1500;
  return { payout, validBet: lowOdds ? Math.min(stake, Math.abs(payout - stake)) : stake };
}

/**
 * Settles open bets in the caller's transaction, in a fixed number of statements however many:
 * open → outcome by compare-and-set, the payouts and refunds credited with keys of the bets, then
 * `bets.settled` announced for those it settled. A bet settled before is left alone, so settling
 * again pays nothing twice. Rows are taken player by player (the order of every statement here
 * and in the subscribers), so two batches sharing players wait rather than deadlock; and the
 * players' cash first, then their turnover, rebate and VIP rows, the order a deposit or a claim
 * takes them in. Returns the bets it settled.
 */
export async function settleBets(tx: Tx, ctx: AppContext, items: Settling[]): Promise<number> {
  if (items.length === 0) return 0;
  const at = ctx.now();
  const byPlayer = [...items].sort((x, y) => x.bet.userId - y.bet.userId || x.bet.id - y.bet.id);
  const settling = byPlayer.map(({ bet, outcome, result, figures }) => ({
    bet,
    result,
    ...settledFigures(bet, outcome, figures),
  }));
  const rows = settling.map((s) => ({
    id: s.bet.id,
    status: s.outcome,
    payout: s.payout,
    valid_bet: s.validBet,
    result: s.result,
    cashout_stake: s.bet.cashoutStake,
  }));
  const marked = await markSettled(tx, { rows: JSON.stringify(rows), at: at.toISOString() });
  const ids = new Set(marked.map((r) => Number(r.id)));
  const settled = settling.filter((s) => ids.has(s.bet.id));
  await payFromHouse(
    tx,
    ctx,
    settled
      .filter((s) => s.credit > 0)
      .map((s) => ({
        key: `${s.outcome === 'won' ? 'payout' : 'refund'}:${s.bet.betNo}`,
        code: s.outcome === 'won' ? ('payout' as const) : ('refund' as const),
        userId: s.bet.userId,
        amount: s.credit,
        reference: referenceOf(s.bet),
      })),
  );
  await announceSettled(
    tx,
    ctx,
    settled.map((s) => ({
      bet: factsOf(s.bet),
      outcome: s.outcome,
      payout: s.payout,
      validBet: s.validBet,
      at,
      reference: referenceOf(s.bet),
    })),
  );
  return settled.length;
}

/** settleBets of one bet: whether it was open and is settled now. */
export async function settleBet(tx: Tx, ctx: AppContext, bet: BetRow, outcome: BetOutcome, result: string | null) {
  return (await settleBets(tx, ctx, [{ bet, outcome, result }])) === 1;
}

export const factsOf = (bet: BetRow): BetFacts => ({
  userId: bet.userId,
  betNo: bet.betNo,
  gameType: bet.gameType,
  stake: bet.stake,
  insurance: bet.insurance,
});

const referenceOf = (bet: BetRow) => ({ table: 'bets', id: bet.betNo });

/**
 * Bets' first settlement, their money moved: the modules that follow from it (turnover, the
 * agents' figures, rebate, VIP, tasks, promotions: docs/events.md) run on `bets.settled`, and the
 * player's pages of what bets feed refresh after commit, once a player (a lost bet moves no money, so no
 * BALANCE_UPDATED tells of it).
 */
export async function announceSettled(tx: Tx, ctx: AppContext, settlements: BetSettlement[]): Promise<void> {
  if (settlements.length === 0) return;
  await ctx.events.emit(tx, ctx, 'bets.settled', { bets: settlements, validBets: validBetsPerPlayer(settlements) });
  // One message a player: their pages refresh once whatever the number of their bets.
  const lastOf = new Map(settlements.map(({ bet }) => [bet.userId, bet]));
  for (const bet of lastOf.values()) {
    await ctx.live.notifyUser(bet.userId, { type: 'BET_SETTLED', betNo: bet.betNo, gameType: bet.gameType }, tx);
  }
}

/** Valid bets (or their changes) other than 0, summed per player and game type, each sum named by its first. */
export function validBetsPerPlayer(
  entries: { bet: Pick<BetFacts, 'userId' | 'gameType'>; validBet: number; reference: LedgerRow; at: Date }[],
): PlayerValidBet[] {
  const sums = new Map<string, PlayerValidBet>();
  for (const { bet, validBet, reference, at } of entries) {
    if (validBet === 0) continue;
    const key = `${bet.userId}:${bet.gameType}`;
    const sum = sums.get(key);
    if (sum) {
      sum.validBet += validBet;
      sum.bets += 1;
    } else sums.set(key, { userId: bet.userId, gameType: bet.gameType, validBet, bets: 1, reference, at });
  }
  return [...sums.values()];
}

/**
 * Open bets to their outcome, those still open only: the ids it settled. A bet whose stake was
 * cashed out since it was read is left too (its figures are stale); none should be: a cash-out
 * share-locks the bet's markets and refuses a decided selection (taiqiu/cashout/take.ts).
 */
const markSettled = preparedStatement<{ id: string | number }>(
  'bets_mark_settled',
  sql`UPDATE bets b
      SET status = r.status, payout = r.payout, valid_bet = r.valid_bet, result = r.result,
          settled_at = ${sql.placeholder('at')}::timestamptz
      FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
        AS r(id bigint, status text, payout bigint, valid_bet bigint, result text, cashout_stake bigint)
      WHERE b.id = r.id AND b.status = 'open' AND b.cashout_stake = r.cashout_stake
      RETURNING b.id`,
);
