import { and, asc, eq } from 'drizzle-orm';
import { parlay } from '@breakshot/contracts';
import type { Tx } from '../../../platform/db.js';
import type { BetDecision, BetRow } from '../../bets/service.js';
import { verdict } from '../verdict.js';
import { oddsChangeOf } from '../preferences.js';
import { parlayLegs, parlays } from '../tables.js';
import { selectionStates } from '../selection-states.js';
import { rulesOf } from './rules.js';
import { oddsAccepted } from '../trading/limits.js';
import { liabilityLimitOf, tradingRulesRow } from '../trading/rules.js';

/**
 * A pending parlay at the end of its delay (the longest of its live legs' matches): each leg is
 * decided as a single bet would be (acceptance.ts verdict, the player's preference); one refused
 * refuses the slip, stake back, with that leg's reason. Accepted, each leg takes the odds it was
 * accepted at, and the slip its potential return at them, unless the new odds take that past the
 * rules' maximum (refused then as oddsChanged). Returns the decision, which acceptance.ts makes
 * with its batch's others; an accepted slip's new odds are written here.
 */
export async function decideParlay(tx: Tx, bet: BetRow): Promise<BetDecision> {
  const legs = await tx.select().from(parlayLegs).where(eq(parlayLegs.betId, bet.id)).orderBy(asc(parlayLegs.leg));
  const [slip] = await tx.select().from(parlays).where(eq(parlays.betId, bet.id));
  if (!slip || legs.length === 0) throw new Error(`pending parlay ${bet.betNo} has no legs`);
  const now = await selectionStates(
    tx,
    legs.map((l) => l.selectionId),
  );
  const [preference, book] = [await oddsChangeOf(tx, bet.userId), await tradingRulesRow(tx)];
  const accepted: number[] = [];
  for (const leg of legs) {
    const state = now.get(leg.selectionId);
    if (!state) throw new Error(`pending parlay ${bet.betNo}: leg ${leg.leg}'s selection is gone`);
    const outcome = verdict(state, leg.oddsMilli, preference);
    if ('reject' in outcome) return { bet, reject: outcome.reject };
    const limited = outcome.accept > leg.oddsMilli && liabilityLimitOf(book, state, state.marketType) !== null;
    accepted.push(oddsAccepted(outcome.accept, leg.oddsMilli, limited));
  }
  const maxReturn = parlay.potentialReturn(slip.unitStake, accepted, slip.sizes);
  if (maxReturn > (await rulesOf(tx)).maxReturn) return { bet, reject: 'oddsChanged' };
  for (const [i, leg] of legs.entries()) {
    if (accepted[i] !== leg.oddsMilli) {
      await tx
        .update(parlayLegs)
        .set({ oddsMilli: accepted[i]! })
        .where(and(eq(parlayLegs.betId, bet.id), eq(parlayLegs.leg, leg.leg)));
    }
  }
  await tx.update(parlays).set({ potentialReturn: maxReturn }).where(eq(parlays.betId, bet.id));
  return { bet, accept: null };
}
