import { ErrorCode, formatMoney } from '@breakshot/contracts';
import { AppError } from '../../platform/errors.js';
import type { MarketRow, MatchRow, SelectionRow } from './tables.js';

/*
 * What a pick must be when a bet on it is placed, a single's (betting.ts) or a parlay leg's
 * (parlay/place.ts): the one place these refusals are made.
 */

/** What the player asked: the odds they saw, whether a change is taken, the stake on the pick. */
export interface Asked {
  odds: number;
  acceptOddsChange?: boolean;
  stake: number;
}

/** The request's fields each refusal names: the pick's (none for a single), its odds', its stake's. */
export interface AskedFields {
  pick?: string;
  odds: string;
  stake: string;
}

/**
 * Refuses the pick unless it is for sale at what was asked: its match not ended, its market open
 * and the pick undecided (a final score no longer reachable is not for sale), its odds those shown
 * (or the change accepted), the stake within the market's limits (said in the site's currency,
 * `currencySymbol` read only then).
 */
export async function refuseUnlessForSale(
  { match, market, sel }: { match: MatchRow; market: MarketRow; sel: SelectionRow },
  asked: Asked,
  fields: AskedFields,
  currencySymbol: () => Promise<string>,
): Promise<void> {
  const onPick = fields.pick === undefined ? undefined : { field: fields.pick };
  if (match.status === 'finished' || match.status === 'cancelled') {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'matchNotOpen', undefined, onPick);
  }
  if (market.status !== 'open' || sel.result !== null) {
    const reason = market.status === 'suspended' ? 'marketSuspended' : 'marketClosed';
    throw new AppError(ErrorCode.UNPROCESSABLE, reason, undefined, onPick);
  }
  if (Math.round(asked.odds * 1000) !== sel.oddsMilli && !asked.acceptOddsChange) {
    const current = sel.oddsMilli / 1000;
    throw new AppError(
      ErrorCode.CONFLICT,
      'oddsChanged',
      { odds: String(current) },
      { field: fields.odds, currentOdds: current },
    );
  }
  if (asked.stake < market.minStake || asked.stake > market.maxStake) {
    const below = asked.stake < market.minStake;
    const amount = formatMoney(below ? market.minStake : market.maxStake, await currencySymbol());
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      below ? 'stakeBelowMin' : 'stakeAboveMax',
      below ? { min: amount } : { max: amount },
      { field: fields.stake },
    );
  }
}
