import { describe, expect, it } from 'vitest';
import { AGENT_REPORT_TEXTS } from './features/agent/shared/report-i18n';
import { SHARE_TEXTS } from './features/share/i18n';

/** A figure two pages show, from one server function, under one name in both (features cannot share texts). */
describe('terms shared by pages of different features', () => {
  it("/user/share's commission is the agent centre's 本月佣金 (agent/home's commissionMonth)", () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      expect(SHARE_TEXTS[lang]['share.month.commission']).toBe(
        AGENT_REPORT_TEXTS[lang]['agent.figure.commissionMonth'],
      );
    }
  });
});
