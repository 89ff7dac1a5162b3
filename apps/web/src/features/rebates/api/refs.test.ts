import { rebates } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { rebateClaimRef, rebateLogsRef, rebateRulesRef, rebateSummaryRef } from './rebates';

describe('rebate light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [rebateSummaryRef, rebates.rebateSummary],
      [rebateClaimRef, rebates.rebateClaim],
      [rebateLogsRef, rebates.rebateLogs],
      [rebateRulesRef, rebates.rebateRules],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });
});
