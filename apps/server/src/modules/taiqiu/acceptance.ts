import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { anyPendingDue, decideBets, duePendingBets, type BetDecision, type BetRow } from '../bets/service.js';
import { decideParlay } from './parlay/acceptance.js';
import { PARLAY_ROUND } from './parlay/slips.js';
import { oddsChangesOf } from './preferences.js';
import { selectionStates } from './selection-states.js';
import { verdict } from './verdict.js';
import { betMoved } from './trading/news.js';
import { oddsAccepted } from './trading/limits.js';
import { liabilityLimitOf, tradingRulesRow, type TradingRulesRow } from './trading/rules.js';

/*
 * In-play acceptance (docs/design.md §9): a bet on a live match waits out the match's delay as
 * pending, its stake held; then it is decided against the market as it stands: accepted (at the
 * odds the player's preference allows) or rejected with the reason, the stake back. A ticker
 * (src/tickers.ts) decides what has come due; instances take different bets (SKIP LOCKED).
 */

/**
 * Bets decided in one transaction: its singles in a fixed number of statements (bench/README.md,
 * book-accept), so a batch holds its players' rows for about as long as one bet would.
 */
const BATCH = 200;

/** Decides every pending bet due by now; returns how many. */
export async function decidePendingBets(ctx: AppContext): Promise<number> {
  // Most ticks find none: a read, no transaction (the ticker runs twenty times a second).
  if (!(await anyPendingDue(ctx.db, 'taiqiu', ctx.now()))) return 0;
  let decided = 0;
  for (;;) {
    const n = await inTransaction(ctx.db, async (tx) => {
      const due = await duePendingBets(tx, 'taiqiu', ctx.now(), BATCH);
      await decideBets(tx, ctx, await decisionsOf(tx, due));
      for (const bet of due) await betMoved(ctx, tx, bet);
      return due.length;
    });
    decided += n;
    if (n < BATCH) return decided;
  }
}

/** Each due bet against its match, market and selection (share-locked, matches in id order); a parlay against its legs'. */
async function decisionsOf(tx: Tx, due: BetRow[]): Promise<BetDecision[]> {
  const decisions: BetDecision[] = [];
  for (const bet of due) if (bet.roundId === PARLAY_ROUND) decisions.push(await decideParlay(tx, bet));
  const singles = due.filter((bet) => bet.roundId !== PARLAY_ROUND);
  if (singles.length === 0) return decisions;
  const states = await selectionStates(
    tx,
    singles.map((bet) => bet.selectionId!),
  );
  const preferences = await oddsChangesOf(
    tx,
    singles.map((bet) => bet.userId),
  );
  // Read only when a price rose in some bet's window: a limited market does not give the rise.
  let book: TradingRulesRow | undefined;
  for (const bet of singles) {
    const state = states.get(bet.selectionId!);
    if (!state) throw new Error(`pending bet ${bet.betNo}: its match, market or selection is gone`);
    const outcome = verdict(state, bet.oddsMilli!, preferences.get(bet.userId)!);
    if ('reject' in outcome) {
      decisions.push({ bet, reject: outcome.reject });
      continue;
    }
    const rose = outcome.accept > bet.oddsMilli!;
    if (rose) book ??= await tradingRulesRow(tx);
    const limited = rose && liabilityLimitOf(book!, state, state.marketType) !== null;
    decisions.push({ bet, accept: oddsAccepted(outcome.accept, bet.oddsMilli!, limited) });
  }
  return decisions;
}
