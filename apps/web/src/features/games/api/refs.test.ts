import { games } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { gameLaunchRef } from './game-launch';

describe('games light references', () => {
  it('match the contracts', () => {
    expect({ method: gameLaunchRef.method, path: gameLaunchRef.path }).toEqual({
      method: games.launch.method,
      path: games.launch.path,
    });
  });
});
