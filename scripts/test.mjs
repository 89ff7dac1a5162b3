// `npm test`: typecheck, lint, the dependency audit, every suite, the bundle-size check and the
// browser tests; `npm test -- --chaos` (`npm run test:chaos`): the trust suite's long size.
// Runs them in order (2 cores), sums the reporters' counts and ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.ci-out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** Where the trust suite's figures gather (apps/server/test/trust/figures.ts), shown at the end. */
const figures = join(out, 'trust-figures.txt');
process.env.TRUST_FIGURES = figures;
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const totals = { passed: 0, failed: 0 };
const failedStages = [];
/** Names of failed tests, repeated at the end so a CI log's tail says what broke. */
const failedTests = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

/** A stage that is one check (typecheck, lint, size): counts as one test. */
function check(name, cmd, args, env = {}) {
  const ok = run(name, cmd, args, env);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failedStages.push(name);
  return ok;
}

function vitest(name, project, report, env = {}, files = []) {
  const file = join(out, `${report}.json`);
  appendFileSync(figures, `${name}:\n`); // the heading of the figures this run prints
  const ok = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...files,
    ],
    env,
  );
  if (!existsSync(file)) {
    totals.failed += 1;
    failedStages.push(`${name} (no report)`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // Files that failed to load carry no assertion results and are not in numFailedTests.
  const brokenFiles = r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + brokenFiles;
  for (const f of r.testResults) {
    const where = f.name.replace(root, '');
    if (f.status === 'failed' && f.assertionResults.length === 0) failedTests.push(`${name}: ${where} (did not load)`);
    for (const a of f.assertionResults) {
      if (a.status === 'failed') {
        failedTests.push(`${name}: ${where} › ${a.fullName}\n    ${(a.failureMessages[0] ?? '').split('\n')[0]}`);
      }
    }
  }
  if (!ok || r.numFailedTests + brokenFiles > 0) failedStages.push(name);
}

function playwright(name, dataDir) {
  const file = join(out, 'e2e.json');
  appendFileSync(figures, `${name}:\n`);
  const ok = run(name, 'npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    E2E_DATA_DIR: dataDir,
  });
  if (!existsSync(file)) {
    totals.failed += 1;
    failedStages.push(`${name} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) if (!spec.ok) failedTests.push(`${name}: ${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  if (!ok || s.unexpected > 0) failedStages.push(name);
}

/** Waits (up to 20 s) until no live process holds the PGlite folder's lock (the e2e server stopping). */
async function folderReleased(dir) {
  const lock = join(dir, 'breakshot.lock');
  for (let i = 0; i < 40 && existsSync(lock); i += 1) {
    try {
      process.kill(JSON.parse(readFileSync(lock, 'utf8')).pid, 0);
    } catch {
      return; // the holder is gone: ledger:check takes the stale lock over
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `npm audit --omit=dev`: high or critical advisories fail; an advisory service that does not answer is reported. */
function audit() {
  const name = 'dependencies: no high or critical advisory (npm audit --omit=dev)';
  console.log(`\n=== ${name} ===`);
  const status = spawnSync('node', ['scripts/audit.mjs'], { cwd: root, stdio: 'inherit' }).status;
  if (status === 3) return unchecked.push(name);
  totals[status === 0 ? 'passed' : 'failed'] += 1;
  if (status !== 0) failedStages.push(name);
}

function pgAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Checks this machine could not make (a service that did not answer): named at the end, never passed. */
const unchecked = [];

if (process.argv.includes('--chaos')) {
  // `npm run test:chaos`: the trust suite's long size (test/trust/figures.ts), everything on
  // PostgreSQL where it runs, and the crash test on PGlite too.
  const chaos = { CHAOS: '1' };
  if (await pgAnswers(pgUrl)) {
    vitest('trust suite, long, on PostgreSQL', 'apps/server', 'chaos-postgres', { ...chaos, DATABASE_URL: pgUrl }, [
      'test/trust',
    ]);
    vitest('crash safety, long, on PGlite', 'apps/server', 'chaos-pglite', { ...chaos, DATABASE_URL: '' }, [
      'test/trust/crash.test.ts',
    ]);
  } else {
    console.log('\n(no PostgreSQL on 127.0.0.1:5432: the trust suite runs on PGlite only)');
    vitest('trust suite, long, on PGlite', 'apps/server', 'chaos-pglite', { ...chaos, DATABASE_URL: '' }, [
      'test/trust',
    ]);
  }
} else {
  await everyStage();
}

async function everyStage() {
  check('typecheck (apps, server tests, browser tests)', 'npm', ['run', 'typecheck']);
  audit();
  check('lint and format', 'npm', ['run', 'lint']);
  vitest('server suite on PGlite', 'apps/server', 'server-pglite', { DATABASE_URL: '' });
  if (await pgAnswers(pgUrl)) {
    vitest('server suite on PostgreSQL', 'apps/server', 'server-postgres', { DATABASE_URL: pgUrl });
  } else {
    console.log('\n(no PostgreSQL on 127.0.0.1:5432: the server suite ran on PGlite only)');
  }
  vitest('web unit and component tests', 'apps/web', 'web');
  vitest('operator console unit and component tests', 'apps/admin', 'admin');
  if (check('build', 'npm', ['run', 'build'])) {
    check('bundle size', 'node', ['apps/web/scripts/size-check.mjs']);
    check('npm start serves the app on PGlite', 'node', ['scripts/start-smoke.mjs']);
    // The browser tests run on a fresh embedded database; afterwards its ledger must hold every invariant.
    const e2eData = mkdtempSync(join(tmpdir(), 'breakshot-e2e-'));
    playwright('end to end in Chromium', e2eData);
    await folderReleased(e2eData);
    check('ledger:check after the browser tests', 'npm', ['run', 'ledger:check'], {
      DATA_DIR: e2eData,
      DATABASE_URL: '',
    });
    rmSync(e2eData, { recursive: true, force: true });
  }
}

const gathered = existsSync(figures) ? readFileSync(figures, 'utf8').split('\n') : [];
if (gathered.some((line) => line.startsWith('[trust]'))) {
  console.log('\n=== trust suite figures ===');
  // Only the headings of runs that printed figures.
  gathered.forEach((line, i) => {
    if (line.startsWith('[trust]') || gathered[i + 1]?.startsWith('[trust]')) console.log(line);
  });
}
for (const line of unchecked) console.log(`NOT CHECKED ${line} (see its stage above)`);
for (const line of failedTests) console.log(`FAILED ${line}`);
const notChecked = unchecked.length ? ` (${unchecked.length} not checked: see NOT CHECKED above)` : '';
console.log(failedStages.length ? `\nFailed: ${failedStages.join('; ')}` : `\nAll stages green${notChecked}.`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || failedStages.length > 0 ? 1 : 0);
