import { NO_MARKET, type NewBet } from '../bets/service.js';
import type { GameRow } from './tables.js';

/**
 * What the bet store records of a bet in a provider's game: the game's name as the catalogue has
 * it, the provider's round as `${providerId}:${round}` (bet-labels.ts reads it back), no market
 * or odds, and whether it is a poker insurance premium (kept apart in the agent reports).
 */
export function providerBet(
  game: Pick<GameRow, 'gameType' | 'name' | 'providerId'>,
  round: string,
  insurance: boolean,
): Omit<NewBet, 'userId' | 'stake'> {
  return {
    gameType: game.gameType,
    gameName: game.name,
    roundId: `${game.providerId}:${round}`,
    ...NO_MARKET,
    oddsMilli: null,
    insurance: game.gameType === 'poker' && insurance,
  };
}
