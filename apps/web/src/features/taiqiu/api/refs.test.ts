import { taiqiu } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { betRef } from './bet';
import { matchRef } from './match';

describe('taiqiu light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [matchRef, taiqiu.match],
      [betRef, taiqiu.bet],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });
});
