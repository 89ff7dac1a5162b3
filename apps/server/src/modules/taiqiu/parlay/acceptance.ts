import { and, asc, eq, inArray } from 'drizzle-orm';
import { parlay } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db.js';
import { acceptPendingBet, rejectPendingBet, type BetRow } from '../../bets/service.js';
import { verdict } from '../verdict.js';
import { oddsChangeOf } from '../preferences.js';
import { markets, matches, parlayLegs, parlays, selections } from '../tables.js';
import { rulesOf } from './rules.js';
import { oddsAccepted } from '../trading/limits.js';
import { liabilityLimitOf, tradingRulesRow } from '../trading/rules.js';

/**
 * A pending parlay at the end of its delay (the longest of its live legs' matches): each leg is
 * decided as a single bet would be (acceptance.ts verdict, the player's preference); one refused
 * refuses the slip, stake back, with that leg's reason. Accepted, each leg takes the odds it was
 * accepted at, and the slip its potential return at them, unless the new odds take that past the
 * rules' maximum (refused then as oddsChanged).
 */
export async function decideParlay(tx: Tx, ctx: AppContext, bet: BetRow): Promise<void> {
  const legs = await tx.select().from(parlayLegs).where(eq(parlayLegs.betId, bet.id)).orderBy(asc(parlayLegs.leg));
  const [slip] = await tx.select().from(parlays).where(eq(parlays.betId, bet.id));
  if (!slip || legs.length === 0) throw new Error(`pending parlay ${bet.betNo} has no legs`);
  const now = await legStates(
    tx,
    legs.map((l) => l.selectionId),
  );
  const [preference, book] = [await oddsChangeOf(tx, bet.userId), await tradingRulesRow(tx)];
  const accepted: number[] = [];
  for (const leg of legs) {
    const state = now.get(leg.selectionId);
    if (!state) throw new Error(`pending parlay ${bet.betNo}: leg ${leg.leg}'s selection is gone`);
    const outcome = verdict(state, leg.oddsMilli, preference);
    if ('reject' in outcome) {
      await rejectPendingBet(tx, ctx, bet, outcome.reject);
      return;
    }
    const limited = outcome.accept > leg.oddsMilli && liabilityLimitOf(book, state, state.marketType) !== null;
    accepted.push(oddsAccepted(outcome.accept, leg.oddsMilli, limited));
  }
  const maxReturn = parlay.potentialReturn(slip.unitStake, accepted, slip.sizes);
  if (maxReturn > (await rulesOf(tx)).maxReturn) {
    await rejectPendingBet(tx, ctx, bet, 'oddsChanged');
    return;
  }
  for (const [i, leg] of legs.entries()) {
    if (accepted[i] !== leg.oddsMilli) {
      await tx
        .update(parlayLegs)
        .set({ oddsMilli: accepted[i]! })
        .where(and(eq(parlayLegs.betId, bet.id), eq(parlayLegs.leg, leg.leg)));
    }
  }
  await tx.update(parlays).set({ potentialReturn: maxReturn }).where(eq(parlays.betId, bet.id));
  await acceptPendingBet(tx, ctx, bet, null);
}

/** The legs' matches, markets and selections as they stand, share-locked, matches in id order; by selection. */
async function legStates(tx: Tx, selectionIds: number[]) {
  const rows = await tx
    .select({
      selectionId: selections.id,
      matchStatus: matches.status,
      marketStatus: markets.status,
      result: selections.result,
      oddsMilli: selections.oddsMilli,
      marketType: markets.type,
      marketSettings: matches.marketSettings,
    })
    .from(matches)
    .innerJoin(markets, eq(markets.matchId, matches.id))
    .innerJoin(selections, eq(selections.marketId, markets.id))
    .where(inArray(selections.id, selectionIds))
    .orderBy(asc(matches.id))
    .for('share');
  return new Map(
    rows.map((r) => [
      r.selectionId,
      {
        matchOpen: r.matchStatus === 'live' || r.matchStatus === 'scheduled',
        marketStatus: r.marketStatus,
        decided: r.result !== null,
        oddsMilli: r.oddsMilli,
        marketType: r.marketType,
        marketSettings: r.marketSettings,
      },
    ]),
  );
}
