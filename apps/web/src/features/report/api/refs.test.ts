import { report } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { personalReportRef } from './personal-report';

describe('report light references', () => {
  it('match the contracts', () => {
    expect({ method: personalReportRef.method, path: personalReportRef.path }).toEqual({
      method: report.personalReport.method,
      path: report.personalReport.path,
    });
  });
});
