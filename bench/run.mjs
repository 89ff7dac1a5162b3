// `npm run bench`: every benchmark, one after another, on this machine, then a table of their
// figures. `npm run bench:check` (`--check`) exits 1 when a budget is missed or a benchmark
// broke. `--only=size,api`: just those. `--runs=N`: every benchmark N times (default: each its
// own, below). `--write`: this run's figures go into bench/last-run.json, each benchmark stamped
// with the commit and machine it measured, and the table of every benchmark's last figures into
// bench/README.md. `--no-build`: use the build that is there. A group's name selects all of it:
// `--only=book` runs book-feed, book-settle, book-accept, book-cashout and book-liability.
// A benchmark reports each figure as a line `BENCH {json}` (apps/server/bench/lib/result.ts);
// the rest of its output is shown as it comes.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { medianOfRuns } from './median.mjs';
import { benchTable } from './table.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
/** Whether --only names the benchmark, or its group (the name's part before the first '-'). */
const selected = (name) => !only || only.some((o) => o === name || name.startsWith(`${o}-`));
const runsOverride = option('runs') === undefined ? undefined : Number(option('runs'));

const tsx = (file) => ['npx', ['tsx', '--conditions=source', file], join(root, 'apps/server')];
/**
 * name → [command, args, working folder, runs]: the order they run in. A benchmark with a tail
 * budget (a p95 or p99) runs three times and reports each figure's median with its spread: one
 * run's tail is one sample of a noisy machine. Lighthouse takes its own median of 3.
 */
const BENCHES = {
  size: ['node', ['apps/web/scripts/size-check.mjs', '--bench'], root, 1],
  lighthouse: ['node', ['apps/web/bench/lighthouse.mjs'], root, 1],
  api: [...tsx('bench/api/api.bench.ts'), 3],
  money: [...tsx('bench/money/money.bench.ts'), 1],
  live: [...tsx('bench/live/live.bench.ts'), 3],
  reports: [...tsx('bench/agent-reports.bench.ts'), 3],
  members: [...tsx('bench/agent-members.bench.ts'), 3],
  'report-cohorts': [...tsx('bench/report-cohorts.bench.ts'), 3],
  'report-pnl': [...tsx('bench/report-pnl.bench.ts'), 3],
  // The billiards book (bench/README.md, the book's benchmarks). book-settle runs once: a run takes
  // 4–5 minutes, most of it the settlement it waits for (--runs=3 gives the median of three).
  'book-feed': [...tsx('bench/book/feed-sockets.bench.ts'), 3],
  'book-settle': [...tsx('bench/book/settlement.bench.ts'), 1],
  'book-accept': [...tsx('bench/book/acceptance.bench.ts'), 3],
  'book-cashout': [...tsx('bench/book/cashout.bench.ts'), 3],
  'book-liability': [...tsx('bench/book/liability.bench.ts'), 3],
};

/** One run of a benchmark: its rows, and a failed row when it broke or reported nothing. */
function runOnce(name, [cmd, cmdArgs, cwd]) {
  return new Promise((resolve) => {
    const rows = [];
    const child = spawn(cmd, cmdArgs, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (!line.startsWith('BENCH ')) {
          console.log(line);
          continue;
        }
        const row = JSON.parse(line.slice('BENCH '.length));
        rows.push(row);
        console.log(`  ${row.ok ? 'ok  ' : 'MISS'} ${row.case}: ${row.figure} ${row.unit} (${row.budget})`);
      }
    });
    child.on('close', (code) => {
      if (code !== 0 || rows.length === 0)
        rows.push({
          bench: name,
          case: `the benchmark (exit ${code})`,
          figure: rows.length,
          unit: 'figures',
          budget: 'runs to the end',
          ok: false,
        });
      resolve(rows);
    });
  });
}

function commit() {
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout.trim();
  return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : ''}`;
}

function machine() {
  const pg = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', 'SHOW server_version'], {
    encoding: 'utf8',
  });
  return `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; PostgreSQL ${pg.stdout.trim() || 'unknown'}`;
}

if (!flag('--no-build')) {
  console.log('=== build ===');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const stamp = { commit: commit(), machine: machine() };
/** name → { commit, measured, machine, runs, rows } of this sitting. */
const measured = {};
for (const [name, [cmd, cmdArgs, cwd, ownRuns]] of Object.entries(BENCHES)) {
  if (!selected(name)) continue;
  const runs = runsOverride ?? ownRuns;
  const perRun = [];
  for (let n = 1; n <= runs; n += 1) {
    console.log(`\n=== ${name}${runs > 1 ? `, run ${n} of ${runs}` : ''} ===`);
    perRun.push(await runOnce(name, [cmd, cmdArgs, cwd]));
  }
  const at = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  measured[name] = { ...stamp, measured: at, runs, rows: medianOfRuns(perRun) };
}

console.log(`\n${benchTable(measured)}`);
if (flag('--write')) {
  const lastRun = join(root, 'bench/last-run.json');
  const all = { ...JSON.parse(readFileSync(lastRun, 'utf8')), ...measured };
  const ordered = Object.fromEntries(
    Object.keys(BENCHES)
      .filter((b) => all[b])
      .map((b) => [b, all[b]]),
  );
  writeFileSync(lastRun, `${JSON.stringify(ordered, null, 2)}\n`);
  const readme = join(root, 'bench/README.md');
  const marked = /(<!-- last-run -->\n)[\s\S]*?(<!-- \/last-run -->)/;
  writeFileSync(readme, readFileSync(readme, 'utf8').replace(marked, `$1${benchTable(ordered)}\n$2`));
  // As `npm run lint` wants it.
  spawnSync('npx', ['prettier', '--write', readme, lastRun], { cwd: root, stdio: 'inherit' });
}
const missed = Object.values(measured).flatMap((b) => b.rows.filter((r) => !r.ok));
console.log(missed.length ? `${missed.length} budget(s) missed` : 'every budget met');
if (flag('--check') && missed.length) process.exit(1);
