import { bets } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { betRecordDetailsRef } from './bet-record-details';
import { betRecordListRef } from './bet-record-list';

describe('bet record light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [betRecordListRef, bets.betRecordList],
      [betRecordDetailsRef, bets.betRecordDetails],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });
});
