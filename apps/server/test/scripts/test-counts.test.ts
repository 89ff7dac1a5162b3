import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addCheck,
  addPlaywright,
  addVitest,
  closingLine,
  newTally,
  skippedTests,
} from '../../../../scripts/test/counts.mjs';

/*
 * `npm test`'s closing count, from reports the reporters wrote (fixtures/: Vitest 4 and
 * Playwright 1.65 with one retry, run on small sample files).
 */

interface VitestReport {
  testResults: { assertionResults: { status: string }[] }[];
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8'));
const ROOT = '/repo/';
const VITEST_FILE = 'apps/server/test/wallet/sample.test.ts';

describe("npm test's closing count (scripts/test/counts.mjs)", () => {
  it("counts Vitest's skipped and todo tests as skipped and names each", () => {
    const tally = newTally();
    expect(addVitest(tally, 'server suite on PGlite', fixture('vitest-report.json'), ROOT)).toBe(1);
    expect(closingLine(tally)).toBe('1 passed, 1 failed, 3 skipped');
    expect(skippedTests(tally)).toEqual([
      `server suite on PGlite: ${VITEST_FILE} › wallet refunds a cancelled bet (todo)`,
      `server suite on PGlite: ${VITEST_FILE} › statements of the money path counts the statements of a bet`,
      `server suite on PGlite: ${VITEST_FILE} › one more skipped`,
    ]);
    expect(tally.failedTests).toEqual([
      `server suite on PGlite: ${VITEST_FILE} › wallet rejects a negative amount\n    AssertionError: expected 1 to be 2 // Object.is equality`,
    ]);
  });

  it('names a Playwright test that passed only on a retry, with the failed attempt, and counts the skipped one', () => {
    const tally = newTally();
    expect(addPlaywright(tally, 'end to end', fixture('playwright-report.json'), ROOT)).toBe(1);
    expect(closingLine(tally)).toBe('2 passed, 1 failed, 1 skipped');
    expect(tally.flakyTests).toEqual([
      expect.stringMatching(
        /^end to end: sample\.e2e\.ts › shows the balance live\n {4}attempt 1: Error: the balance arrives \(apps\/web\/e2e\/sample\.e2e\.ts:3\)$/,
      ),
    ]);
    expect(skippedTests(tally)).toEqual(['end to end: sample.e2e.ts › withdraws with the fund password']);
    expect(tally.failedTests).toEqual([
      expect.stringMatching(/^end to end: sample\.e2e\.ts › pays out a held win\n {4}attempt 1: .*\n {4}attempt 2: /),
    ]);
  });

  it('a test one stage skips and another runs (PostgreSQL-only, skipped on PGlite) is not counted as skipped', () => {
    const onPostgres = fixture<VitestReport>('vitest-report.json');
    for (const file of onPostgres.testResults) for (const a of file.assertionResults) a.status = 'passed';
    const tally = newTally();
    addVitest(tally, 'server suite on PGlite', fixture('vitest-report.json'), ROOT);
    addVitest(tally, 'server suite on PostgreSQL', onPostgres, ROOT);
    expect(closingLine(tally)).toBe('6 passed, 1 failed, 0 skipped');
  });

  it('sums the checks and every report into the last line', () => {
    const tally = newTally();
    addCheck(tally, true);
    addCheck(tally, false);
    addVitest(tally, 'server suite on PGlite', fixture('vitest-report.json'), ROOT);
    addPlaywright(tally, 'end to end', fixture('playwright-report.json'), ROOT);
    expect(closingLine(tally)).toBe('4 passed, 3 failed, 4 skipped');
  });
});
