import { describe, expect, it } from 'vitest';
import { operatorCalls } from '@breakshot/contracts';
import { auditActionLabel, auditActionLabels } from './action-labels';

/**
 * The server's audit writes take only the codes of contracts' auditActions (a new code is added
 * there or the server does not compile): each must have its words here, or the log shows a bare code.
 */
describe('the audit log names every action the server writes', () => {
  it.each(operatorCalls.auditActions)('%s has its words in Chinese', (code) => {
    const label = auditActionLabel(code);
    expect(label).not.toBe(code);
    expect(label).toMatch(/\p{Script=Han}/u);
  });

  it('names no action the server does not write, and no two alike', () => {
    expect(Object.keys(auditActionLabels).sort()).toEqual([...operatorCalls.auditActions].sort());
    const labels = Object.values(auditActionLabels);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
