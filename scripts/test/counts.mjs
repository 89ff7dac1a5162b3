// The run's counts, summed from the reporters' JSON: what passed, what failed, what passed only
// on a retry and what ran nowhere. A test skipped in one stage and run in another (a
// PostgreSQL-only test in the PGlite stage) ran: it is not counted as skipped.

/** Statuses of a Vitest test that did not run: skipped, `.todo`, or left out of a focused run. */
const NOT_RUN = new Set(['skipped', 'pending', 'todo', 'disabled']);

export function newTally() {
  return {
    passed: 0,
    failed: 0,
    /** Each failed test: "stage: file › name" and its first error line. */
    failedTests: [],
    /** Each test that passed only on a retry: "stage: file › name" and the failed attempts' errors. */
    flakyTests: [],
    /** "file › name" of each test some stage skipped, with the stage: kept unless another stage ran it. */
    skipped: new Map(),
    ran: new Set(),
  };
}

/** A stage that is one check (typecheck, lint, size): counts as one test. */
export function addCheck(tally, ok) {
  tally[ok ? 'passed' : 'failed'] += 1;
}

function noteSkipped(tally, stage, test, how) {
  if (!tally.skipped.has(test)) tally.skipped.set(test, `${stage}: ${test}${how === 'skipped' ? '' : ` (${how})`}`);
}

/** Adds a Vitest JSON report (`--reporter=json`); returns how many of its tests failed. */
export function addVitest(tally, stage, report, root) {
  let failed = 0;
  for (const file of report.testResults) {
    const where = file.name.replace(root, '');
    // A file that failed to load carries no assertion results and is not in numFailedTests.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed += 1;
      tally.failedTests.push(`${stage}: ${where} (did not load)\n    ${(file.message ?? '').split('\n')[0]}`);
    }
    for (const a of file.assertionResults) {
      const test = `${where} › ${a.fullName}`;
      if (a.status === 'passed') {
        tally.passed += 1;
        tally.ran.add(test);
      } else if (NOT_RUN.has(a.status)) {
        noteSkipped(tally, stage, test, a.status);
      } else {
        failed += 1;
        tally.ran.add(test);
        tally.failedTests.push(`${stage}: ${test}\n    ${(a.failureMessages[0] ?? '').split('\n')[0]}`);
      }
    }
  }
  tally.failed += failed;
  return failed;
}

/** Each failed attempt's error of a Playwright test: its first line and where, to tell a cause from CI's output. */
function attemptErrors(test, root) {
  const lines = [];
  for (const r of test.results ?? []) {
    if (!r.error) continue;
    const first =
      (r.error.message ?? '')
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split('\n')
        .find((l) => l.trim()) ?? '';
    const at = r.error.location ? ` (${r.error.location.file.replace(root, '')}:${r.error.location.line})` : '';
    lines.push(`\n    attempt ${r.retry + 1}: ${first.trim()}${at}`);
  }
  return lines.join('');
}

function* playwrightSpecs(suite) {
  yield* suite.specs ?? [];
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child);
}

/** Adds a Playwright JSON report; returns how many of its tests failed. A test passed on a retry counts as passed and is named as flaky. */
export function addPlaywright(tally, stage, report, root) {
  let failed = 0;
  for (const spec of (report.suites ?? []).flatMap((s) => [...playwrightSpecs(s)])) {
    for (const t of spec.tests ?? []) {
      const test = `${spec.file} › ${spec.title}`;
      if (t.status === 'skipped') {
        noteSkipped(tally, stage, test, 'skipped');
        continue;
      }
      tally.ran.add(test);
      if (t.status === 'expected' || t.status === 'flaky') tally.passed += 1;
      if (t.status === 'flaky') tally.flakyTests.push(`${stage}: ${test}${attemptErrors(t, root)}`);
      if (t.status !== 'expected' && t.status !== 'flaky') {
        failed += 1;
        tally.failedTests.push(`${stage}: ${test}${attemptErrors(t, root)}`);
      }
    }
  }
  tally.failed += failed;
  return failed;
}

/** The tests no stage ran: "stage: file › name". */
export function skippedTests(tally) {
  return [...tally.skipped].filter(([test]) => !tally.ran.has(test)).map(([, line]) => line);
}

/** The run's last line. */
export function closingLine(tally) {
  return `${tally.passed} passed, ${tally.failed} failed, ${skippedTests(tally).length} skipped`;
}
