import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db.js';
import type { Job } from '../../../platform/scheduler.js';
import { isOpenPick, openPicksAfter, openPicksOf } from '../../bets/service.js';
import { linksOf } from '../../player-risk/service.js';
import { linkedSweep } from '../tables.js';
import { raiseLinkedAlert } from './alerts.js';

/*
 * Linked players on opposite sides (docs/design.md §9, "Linked accounts"): a player's bet on one
 * selection of a market while a player linked to them (one device, address, withdrawal account or
 * mobile) holds an open bet on another raises one alert per market and pair. The links take a few
 * queries, so the check reads the new bets after they are placed, every few seconds, from where
 * it stopped (kept in the database): the bet's own transaction does not wait for it, and a
 * restart neither skips nor repeats a bet.
 */

const LINKED_SIDES_LOCK = 7_205_107;
export const LINKED_SIDES_EVERY_MS = 5_000;
/** Bets read per run; more wait for the next. */
const BATCH = 2_000;

export function linkedSidesJob(ctx: AppContext): Job {
  return {
    name: 'taiqiu-linked-sides',
    everyMs: LINKED_SIDES_EVERY_MS,
    lockKey: LINKED_SIDES_LOCK,
    run: (tx, now) => sweepLinkedSides(tx, ctx, now),
  };
}

/** Reads the bets placed since the last run and raises the alerts they call for; how many. */
export async function sweepLinkedSides(tx: Tx, ctx: AppContext, now: Date): Promise<number> {
  const [mark] = await tx.select().from(linkedSweep).where(eq(linkedSweep.id, 1)).for('update');
  if (!mark) throw new Error('taiqiu_linked_sweep has no row (drizzle/0058)');
  const fresh = await openPicksAfter(tx, 'taiqiu', mark.lastBetId, BATCH);
  if (fresh.length === 0) return 0;
  const placed = fresh.filter((b) => isOpenPick(b.status));
  const links = await linksOf(tx, [...new Set(placed.map((b) => b.userId))], now);
  const partners = [...new Set([...links.values()].flatMap((others) => [...others.keys()]))];
  const picks = await openPicksOf(tx, partners, [...new Set(placed.map((b) => b.marketId!))]);
  let raised = 0;
  for (const bet of placed) {
    const linked = links.get(bet.userId);
    // Placed before it: the alert names the bet that put the pair on both sides.
    const opposite = picks.filter(
      (p) => p.id < bet.id && p.marketId === bet.marketId && p.selectionId !== bet.selectionId && linked?.has(p.userId),
    );
    for (const partner of new Set(opposite.map((p) => p.userId))) {
      const alert = { matchId: Number(bet.roundId), marketId: bet.marketId!, userId: bet.userId, betNo: bet.betNo };
      if (await raiseLinkedAlert(tx, ctx, { ...alert, linkedUserId: partner, amount: bet.stake })) raised += 1;
    }
  }
  await tx
    .update(linkedSweep)
    .set({ lastBetId: fresh.at(-1)!.id })
    .where(eq(linkedSweep.id, 1));
  return raised;
}
