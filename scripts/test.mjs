// `npm test`: typecheck, lint, the dependency audit, every suite, the bundle-size check and the
// browser tests; `npm test -- --chaos` (`npm run test:chaos`): the trust suite's long size.
// The machine has 2 cores and most stages use about one: the stages run in two lanes side by side
// (the second lane's output is kept and printed whole after both end), the browser tests among them.
// `npm run test:postgres`: the whole server suite on PostgreSQL. It sums the reporters'
// counts (test/counts.mjs), names each test that passed only on a retry or ran in no stage, and
// ends with `N passed, N failed, N skipped`. On CI (CI set) a PostgreSQL or Redis that does not
// answer fails the run (test/services.mjs).
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCheck, addPlaywright, addVitest, closingLine, newTally, skippedTests } from './test/counts.mjs';
import { checkTestServices } from './test/services.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.ci-out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const services = await checkTestServices(process.env);
const pgUrl = services.urls.postgres;
/** Counts and the names of failed, flaky and skipped tests, repeated at the end so a CI log's tail says what broke. */
const tally = newTally();
const failedStages = [];
/** How long each stage took, printed at the end. */
const timings = [];

/**
 * A lane: stages run one after another. The foreground lane prints as it goes; a background lane
 * writes its output to a file, printed whole by `flush` once the foreground is done.
 */
function lane(name) {
  const log = name ? join(out, `lane-${name}.log`) : undefined;
  return {
    log,
    flush: () => log && existsSync(log) && process.stdout.write(readFileSync(log)),
  };
}
const foreground = lane(null);

function run(ln, name, cmd, args, env = {}) {
  const header = `\n=== ${name} ===\n`;
  if (ln.log) appendFileSync(ln.log, header);
  else process.stdout.write(header);
  const started = Date.now();
  return new Promise((resolve) => {
    const sink = ln.log ? createWriteStream(ln.log, { flags: 'a' }) : undefined;
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: sink ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (sink) {
      child.stdout.pipe(sink, { end: false });
      child.stderr.pipe(sink, { end: false });
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push(`${String(seconds).padStart(5)} s  ${name}`);
      const done = () => resolve(code);
      if (sink) return sink.end(`--- ${name}: ${seconds} s\n`, done);
      console.log(`--- ${name}: ${seconds} s`);
      done();
    });
  });
}

/** A stage that is one check (typecheck, lint, size): counts as one test. */
async function check(ln, name, cmd, args, env = {}) {
  const ok = (await run(ln, name, cmd, args, env)) === 0;
  addCheck(tally, ok);
  if (!ok) failedStages.push(name);
  return ok;
}

async function vitest(ln, name, project, report, env = {}, files = []) {
  const file = join(out, `${report}.json`);
  const ok =
    0 ===
    (await run(
      ln,
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
      // Each suite's trust figures in a file of its own: two lanes may write at once.
      { ...env, TRUST_FIGURES: join(out, `figures-${report}.txt`) },
    ));
  figureFiles.push([name, join(out, `figures-${report}.txt`)]);
  if (!existsSync(file)) return noReport(name);
  const failed = addVitest(tally, name, JSON.parse(readFileSync(file, 'utf8')), root);
  if (!ok || failed > 0) failedStages.push(name);
}

function noReport(name) {
  addCheck(tally, false);
  failedStages.push(`${name} (no report)`);
}

/** [stage, file] of the trust figures each stage wrote, in the order the stages ran. */
const figureFiles = [];

async function playwright(ln, name, dataDir) {
  const file = join(out, 'e2e.json');
  const ok =
    0 ===
    (await run(ln, name, 'npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      E2E_DATA_DIR: dataDir,
      TRUST_FIGURES: join(out, 'figures-e2e.txt'),
    }));
  figureFiles.push([name, join(out, 'figures-e2e.txt')]);
  if (!existsSync(file)) return noReport(name);
  const failed = addPlaywright(tally, name, JSON.parse(readFileSync(file, 'utf8')), root);
  if (!ok || failed > 0) failedStages.push(name);
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
async function audit(ln) {
  const name = 'dependencies: no high or critical advisory (npm audit --omit=dev)';
  const status = await run(ln, name, 'node', ['scripts/audit.mjs']);
  if (status === 3) return unchecked.push(name);
  addCheck(tally, status === 0);
  if (status !== 0) failedStages.push(name);
}

/** Checks this machine could not make (a service that did not answer): named at the end, never passed. */
const unchecked = [];

if (process.argv.includes('--chaos')) {
  // `npm run test:chaos`: the trust suite's long size (test/trust/figures.ts) and 10,000 roll-up
  // events, everything on PostgreSQL where it runs, and the crash test on PGlite too.
  const chaos = { CHAOS: '1' };
  const fg = foreground;
  if (services.postgres) {
    await vitest(
      fg,
      'trust suite, long, on PostgreSQL',
      'apps/server',
      'chaos-postgres',
      { ...chaos, DATABASE_URL: pgUrl },
      // With the agent roll-ups at the issue's 10,000 events.
      ['test/trust', 'test/agents/rollups.test.ts'],
    );
    await vitest(fg, 'crash safety, long, on PGlite', 'apps/server', 'chaos-pglite', { ...chaos, DATABASE_URL: '' }, [
      'test/trust/crash.test.ts',
    ]);
  } else {
    console.log(`\n(no PostgreSQL at ${pgUrl}: the trust suite runs on PGlite only)`);
    await vitest(fg, 'trust suite, long, on PGlite', 'apps/server', 'chaos-pglite', { ...chaos, DATABASE_URL: '' }, [
      'test/trust',
    ]);
  }
} else if (process.argv.includes('--postgres')) {
  if (services.postgres) {
    await vitest(foreground, 'server suite on PostgreSQL', 'apps/server', 'server-postgres', { DATABASE_URL: pgUrl });
  } else {
    console.log(`\n(no PostgreSQL answers at ${pgUrl})`);
    addCheck(tally, false);
    failedStages.push('server suite on PostgreSQL (no server)');
  }
} else {
  await everyStage();
}

async function everyStage() {
  for (const failure of services.failures) {
    console.log(`\n${failure}`);
    addCheck(tally, false);
    failedStages.push(failure);
  }
  for (const note of services.notes) console.log(`\n${note}`);
  const second = lane('second');
  console.log(`(a second lane runs beside this one; its output follows when both are done: ${second.log})`);
  // Two lanes of about equal length. The browser tests (on a fresh embedded database, whose
  // ledger must then hold every invariant) are the longest stage and need the build: the second
  // lane builds and runs them at once, then the console's tests. The first runs the server and
  // web suites, then lint and typecheck; the typecheck waits for the build to end, as both write
  // dist/ (it then skips what the build checked).
  let buildEnded;
  const built = new Promise((resolve) => (buildEnded = resolve));
  await Promise.all([
    (async () => {
      // With a PostgreSQL, the money and race areas run there and PGlite runs the rest
      // (apps/server/vitest.config.ts); `npm run test:postgres` runs the whole suite there.
      const pglite = services.postgres
        ? { name: 'server suite on PGlite: all but the money and race areas', scope: { TEST_SCOPE: 'embedded' } }
        : { name: 'server suite on PGlite', scope: {} };
      await vitest(foreground, pglite.name, 'apps/server', 'server-pglite', { DATABASE_URL: '', ...pglite.scope });
      if (services.postgres) {
        await vitest(foreground, 'server suite on PostgreSQL: money and races', 'apps/server', 'server-postgres', {
          DATABASE_URL: pgUrl,
          TEST_SCOPE: 'money',
        });
      }
      await vitest(foreground, 'web unit and component tests', 'apps/web', 'web');
      await vitest(foreground, 'contract client unit tests', 'packages/client', 'client');
      await check(foreground, 'lint and format', 'npm', ['run', 'lint']);
      await built;
      await check(foreground, 'typecheck (apps, server tests and benchmarks, browser tests)', 'npm', [
        'run',
        'typecheck',
      ]);
    })(),
    (async () => {
      const buildOk = await check(second, 'build', 'npm', ['run', 'build']);
      buildEnded();
      if (buildOk) {
        await check(second, 'bundle size', 'node', ['apps/web/scripts/size-check.mjs']);
        await check(second, 'npm start serves the app on PGlite', 'node', ['scripts/start-smoke.mjs']);
        await check(second, 'a production start: no demo, the client address from the proxy', 'node', [
          'scripts/production-smoke.mjs',
        ]);
        const e2eData = mkdtempSync(join(tmpdir(), 'breakshot-e2e-'));
        await playwright(second, 'end to end in Chromium', e2eData);
        await folderReleased(e2eData);
        await check(second, 'ledger:check after the browser tests', 'npm', ['run', 'ledger:check'], {
          DATA_DIR: e2eData,
          DATABASE_URL: '',
        });
        rmSync(e2eData, { recursive: true, force: true });
      }
      await audit(second);
      await vitest(second, 'operator console unit and component tests', 'apps/admin', 'admin');
    })(),
  ]);
  console.log("\n=== the second lane's output ===");
  second.flush();
}

const printed = figureFiles.filter(([, file]) => existsSync(file) && readFileSync(file, 'utf8').includes('[trust]'));
if (printed.length > 0) {
  console.log('\n=== trust suite figures ===');
  for (const [stage, file] of printed) {
    console.log(`${stage}:`);
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line.startsWith('[trust]')) console.log(line);
  }
}
console.log('\n=== how long each stage took (two lanes side by side) ===');
for (const line of timings) console.log(line);
for (const line of unchecked) console.log(`NOT CHECKED ${line} (see its stage above)`);
for (const line of tally.flakyTests) console.log(`FLAKY (passed on a retry) ${line}`);
const skipped = skippedTests(tally);
for (const line of skipped) console.log(`SKIPPED ${line}`);
for (const line of tally.failedTests) console.log(`FAILED ${line}`);
const caveats = [
  unchecked.length && `${unchecked.length} not checked: see NOT CHECKED above`,
  tally.flakyTests.length && `${tally.flakyTests.length} passed only on a retry: see FLAKY above`,
  skipped.length && `${skipped.length} skipped: see SKIPPED above`,
].filter(Boolean);
const green = `All stages green${caveats.length ? ` (${caveats.join('; ')})` : ''}.`;
console.log(failedStages.length ? `\nFailed: ${failedStages.join('; ')}` : `\n${green}`);
console.log(closingLine(tally));
process.exit(tally.failed > 0 || failedStages.length > 0 ? 1 : 0);
