// `npm run bench`: every benchmark, one after another, on this machine, then a table of their
// figures. `npm run bench:check` (`--check`) exits 1 when a budget is missed or a benchmark
// broke. `--only size,api`: just those. `--write`: the table and the machine go into
// bench/README.md. `--no-build`: use the build that is there.
// A benchmark reports each figure as a line `BENCH {json}` (apps/server/bench/lib/result.ts);
// the rest of its output is shown as it comes.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

const tsx = (file) => ['npx', ['tsx', '--conditions=source', file], join(root, 'apps/server')];
/** name → [command, args, working folder]: the order they run in. */
const BENCHES = {
  size: ['node', ['apps/web/scripts/size-check.mjs', '--bench'], root],
  lighthouse: ['node', ['apps/web/bench/lighthouse.mjs'], root],
  api: tsx('bench/api/api.bench.ts'),
  money: tsx('bench/money/money.bench.ts'),
  live: tsx('bench/live/live.bench.ts'),
  reports: tsx('bench/agent-reports.bench.ts'),
  members: tsx('bench/agent-members.bench.ts'),
};

const rows = [];

function runBench(name, [cmd, cmdArgs, cwd]) {
  console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let pending = '';
    let reported = 0;
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
        reported += 1;
        console.log(`  ${row.ok ? 'ok  ' : 'MISS'} ${row.case}: ${show(row.figure)} ${row.unit} (${row.budget})`);
      }
    });
    child.on('close', (code) => {
      if (code !== 0 || reported === 0)
        rows.push({
          bench: name,
          case: `the benchmark (exit ${code})`,
          figure: reported,
          unit: 'figures',
          budget: 'runs to the end',
          ok: false,
        });
      resolve();
    });
  });
}

const show = (n) =>
  typeof n === 'number' ? (Number.isInteger(n) ? n.toLocaleString('en') : n.toFixed(n < 10 ? 2 : 1)) : String(n);

function table() {
  const head = ['bench', 'case', 'figure', 'baseline', 'ratio', 'budget', 'ok'];
  const body = rows.map((r) => [
    r.bench,
    r.case,
    `${show(r.figure)} ${r.unit}`,
    r.baseline === undefined ? '' : show(r.baseline),
    r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(0)} %`,
    r.budget,
    r.ok ? 'ok' : 'MISSED',
  ]);
  return [head, head.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function machine() {
  const pg = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', 'SHOW server_version'], {
    encoding: 'utf8',
  });
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; PostgreSQL ${pg.stdout.trim() || 'unknown'}`;
}

if (!flag('--no-build')) {
  console.log('=== build ===');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
for (const [name, bench] of Object.entries(BENCHES)) if (!only || only.includes(name)) await runBench(name, bench);

const text = table();
console.log(`\n${text}\n\nmachine: ${machine()}`);
if (flag('--write')) {
  const readme = join(root, 'bench/README.md');
  const marked = /(<!-- last-run -->\n)[\s\S]*?(<!-- \/last-run -->)/;
  writeFileSync(readme, readFileSync(readme, 'utf8').replace(marked, `$1Measured ${machine()}.\n\n${text}\n$2`));
  // As `npm run lint` wants it.
  spawnSync('npx', ['prettier', '--write', readme], { cwd: root, stdio: 'inherit' });
}
const missed = rows.filter((r) => !r.ok);
console.log(missed.length ? `${missed.length} budget(s) missed` : 'every budget met');
if (flag('--check') && missed.length) process.exit(1);
