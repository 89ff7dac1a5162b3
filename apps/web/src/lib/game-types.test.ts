import { bets } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { GAME_TYPES } from './game-types';

describe('GAME_TYPES', () => {
  it('are the contracts’ game types, in their order', () => {
    expect(GAME_TYPES).toEqual(bets.gameTypes);
  });
});
