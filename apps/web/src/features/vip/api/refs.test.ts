import { vip } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { vipInfoRef, vipLevelsRef } from './vip';

describe('VIP light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [vipInfoRef, vip.vipInfo],
      [vipLevelsRef, vip.vipLevels],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });
});
