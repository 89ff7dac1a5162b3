import type { LiveEventMessage } from './live';

/**
 * What BET_UPDATED tells of one of the player's pending in-play bets (docs/design.md §9, in-play
 * acceptance): accepted (open, at `odds`) or rejected (with the reason). The bet records and the
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
