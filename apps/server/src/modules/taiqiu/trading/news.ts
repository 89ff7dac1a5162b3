import { taiqiuAdmin } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { eq } from 'drizzle-orm';
import type { Conn, Tx } from '../../../platform/db.js';
import type { BetRow } from '../../bets/service.js';
import { PARLAY_ROUND } from '../parlay/slips.js';
import { parlayLegs } from '../tables.js';

/**
 * Tells the traders' consoles that the matches' book moved (docs/design.md §6, "The console's
 * live channel"): a bet, an acceptance, a cash-out, a settlement, a price or a market's status.
 * Their liability, the ticker and the trading pages read again; on commit, once per match a
 * transaction and at most every TRADING_NEWS_MS on an instance, however many bets arrive.
 */
export async function bookMoved(ctx: AppContext, db: Conn, matchIds: Iterable<number>): Promise<void> {
  for (const matchId of new Set(matchIds)) {
    await ctx.live.console.notify(
      { type: 'TRADING_CHANGED', matchId },
      taiqiuAdmin.liability.roles,
      db,
      `trading:${matchId}`,
    );
  }
}

/** As bookMoved, for the matches a bet is on: a single's, a parlay's legs'. */
export async function betMoved(ctx: AppContext, tx: Tx, bet: Pick<BetRow, 'id' | 'roundId'>): Promise<void> {
  if (bet.roundId !== PARLAY_ROUND) return bookMoved(ctx, tx, [Number(bet.roundId)]);
  const legs = await tx.select({ matchId: parlayLegs.matchId }).from(parlayLegs).where(eq(parlayLegs.betId, bet.id));
  await bookMoved(
    ctx,
    tx,
    legs.map((l) => l.matchId),
  );
}
