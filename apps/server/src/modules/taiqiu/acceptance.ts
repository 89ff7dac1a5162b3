import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { acceptPendingBet, anyPendingDue, duePendingBets, rejectPendingBet, type BetRow } from '../bets/service.js';
import { decideParlay } from './parlay/acceptance.js';
import { PARLAY_ROUND } from './parlay/slips.js';
import { markets, matches, preferences, selections } from './tables.js';
import { verdict } from './verdict.js';
import { betMoved } from './trading/news.js';
import { oddsAccepted } from './trading/limits.js';
import { liabilityLimitOf, tradingRulesRow } from './trading/rules.js';

/*
 * In-play acceptance (docs/design.md §9): a bet on a live match waits out the match's delay as
 * pending, its stake held; then it is decided against the market as it stands: accepted (at the
 * odds the player's preference allows) or rejected with the reason, the stake back. A ticker
 * (src/tickers.ts) decides what has come due; instances take different bets (SKIP LOCKED).
 */

/** Bets decided in one transaction. */
const BATCH = 50;

/** Decides every pending bet due by now; returns how many. */
export async function decidePendingBets(ctx: AppContext): Promise<number> {
  // Most ticks find none: a read, no transaction (the ticker runs twenty times a second).
  if (!(await anyPendingDue(ctx.db, 'taiqiu', ctx.now()))) return 0;
  let decided = 0;
  for (;;) {
    const n = await inTransaction(ctx.db, async (tx) => {
      const due = await duePendingBets(tx, 'taiqiu', ctx.now(), BATCH);
      for (const bet of due) {
        await decide(tx, ctx, bet);
        await betMoved(ctx, tx, bet);
      }
      return due.length;
    });
    decided += n;
    if (n < BATCH) return decided;
  }
}

/** One due bet against its match, market and selection (share-locked, the order bets take them in); a parlay against its legs'. */
async function decide(tx: Tx, ctx: AppContext, bet: BetRow): Promise<void> {
  if (bet.roundId === PARLAY_ROUND) return decideParlay(tx, ctx, bet);
  const [row] = await tx
    .select({
      matchStatus: matches.status,
      marketStatus: markets.status,
      result: selections.result,
      oddsMilli: selections.oddsMilli,
      oddsChange: preferences.oddsChange,
      marketType: markets.type,
      marketSettings: matches.marketSettings,
    })
    .from(matches)
    .innerJoin(markets, and(eq(markets.id, bet.marketId!), eq(markets.matchId, matches.id)))
    .innerJoin(selections, and(eq(selections.id, bet.selectionId!), eq(selections.marketId, markets.id)))
    .leftJoin(preferences, eq(preferences.userId, bet.userId))
    .where(eq(matches.id, Number(bet.roundId)))
    .for('share', { of: [matches, markets, selections] });
  if (!row) throw new Error(`pending bet ${bet.betNo}: its match, market or selection is gone`);
  const outcome = verdict(
    {
      matchOpen: row.matchStatus === 'live' || row.matchStatus === 'scheduled',
      marketStatus: row.marketStatus,
      decided: row.result !== null,
      oddsMilli: row.oddsMilli,
    },
    bet.oddsMilli!,
    // No row: none (preferences.ts).
    row.oddsChange ?? 'none',
  );
  if ('reject' in outcome) return void (await rejectPendingBet(tx, ctx, bet, outcome.reject));
  const limited =
    outcome.accept > bet.oddsMilli! && liabilityLimitOf(await tradingRulesRow(tx), row, row.marketType) !== null;
  await acceptPendingBet(tx, ctx, bet, oddsAccepted(outcome.accept, bet.oddsMilli!, limited));
}
