import type { Rider } from '../../../platform/live/hub.js';

/*
 * Every MATCH_UPDATED carries this rider: each instance works out the values of its own players'
 * open bets on the match and sends them (CASHOUT_VALUES) in the same write as the match's news
 * (cashout/review.ts registers the work; LiveHub.onRider).
 */

export const VALUES_RIDER = 'cashout-values';

/** The rider of the match's news: its players' cash-out values. */
export const valuesRider = (matchId: number): Rider => ({ name: VALUES_RIDER, data: { matchId } });
