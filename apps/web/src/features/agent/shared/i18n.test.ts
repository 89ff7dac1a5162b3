import { expectBothLanguages } from '../../../test/texts';
import { agentReports } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { AGENT_TEXTS } from './i18n';
import { AGENT_REPORT_TEXTS } from './report-i18n';

describe('agent area texts', () => {
  it('every key has a Chinese and an English text', () => {
    expectBothLanguages(AGENT_TEXTS);
    expectBothLanguages(AGENT_REPORT_TEXTS);
  });

  it('every column key of the report and day layouts has a label', () => {
    const keys = [
      ...Object.values(agentReports.REPORT_LAYOUTS).flatMap((l) => l.columns),
      ...Object.values(agentReports.DAY_LAYOUTS).flat(),
    ].map((c) => `agent.col.${c.key}`);
    for (const k of keys) expect(AGENT_REPORT_TEXTS['zh-CN'][k], k).toBeTruthy();
  });
});
