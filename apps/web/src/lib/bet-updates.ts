import type { LiveEventMessage } from './live';

/**
 * What BET_UPDATED tells of one of the player's pending in-play bets (docs/design.md §9, in-play
 * acceptance): accepted (open, at `odds`) or rejected (with the reason); a parlay's (odds null) is
 * isParlayUpdated's. The bet records and the
 * match page's bets carry the reason too (`rejectedReason`), so the rows read it from their data;
 * the event is for the pages that refresh on it, the slip and the toast.
 */
export interface BetDecision {
  status: 'open' | 'rejected';
  odds: number;
  rejectedReason?: string;
}

export type BetUpdated = LiveEventMessage & { type: 'BET_UPDATED'; betNo: string } & BetDecision;

/** Whether a live event is a well-formed BET_UPDATED. */
export function isBetUpdated(ev: LiveEventMessage): ev is BetUpdated {
  return (
    ev.type === 'BET_UPDATED' &&
    typeof ev.betNo === 'string' &&
    (ev.status === 'open' || ev.status === 'rejected') &&
    typeof ev.odds === 'number'
  );
}

/** BET_UPDATED of a pending parlay: `odds` is null (its legs hold theirs), so isBetUpdated leaves it out. */
export type ParlayUpdated = LiveEventMessage & {
  type: 'BET_UPDATED';
  betNo: string;
  status: 'open' | 'rejected';
  odds: null;
  rejectedReason?: string;
};

/** Whether a live event is a well-formed BET_UPDATED of a parlay. */
export function isParlayUpdated(ev: LiveEventMessage): ev is ParlayUpdated {
  return (
    ev.type === 'BET_UPDATED' &&
    typeof ev.betNo === 'string' &&
    (ev.status === 'open' || ev.status === 'rejected') &&
    ev.odds === null
  );
}
