// `npm run test:mutation`: mutation testing of the money modules with StrykerJS (its vitest
// runner), one module at a time, each against its threshold. Reruns reuse the last results of
// unchanged code (apps/server/reports/mutation/<module>.incremental.json). Takes long: not in `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const THRESHOLDS = { wallet: 80, withdrawals: 70, payments: 70, bets: 70 };
// `--scores`: print the scores of the last runs without running again.
const scoresOnly = process.argv.includes('--scores');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const modules = Object.keys(THRESHOLDS).filter((m) => only.length === 0 || only.includes(m));

/** Stryker's score: detected (killed, timed out) over detected and undetected (survived, no coverage). */
function scoreOf(report) {
  const count = { detected: 0, undetected: 0, ignored: 0 };
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout') count.detected += 1;
      else if (m.status === 'Survived' || m.status === 'NoCoverage') count.undetected += 1;
      else if (m.status === 'Ignored') count.ignored += 1;
    }
  }
  const total = count.detected + count.undetected;
  return { ...count, score: total === 0 ? 100 : (100 * count.detected) / total };
}

const results = [];
for (const module of modules) {
  const file = join(root, `apps/server/reports/mutation/${module}.json`);
  let status = 0;
  if (!scoresOnly) {
    console.log(`\n=== mutation testing: modules/${module} ===`);
    status = spawnSync('npx', ['stryker', 'run', 'apps/server/stryker.config.mjs'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATE: module, DATABASE_URL: '' },
    }).status;
  }
  if (status !== 0 || !existsSync(file)) {
    results.push({ module, failed: true });
    continue;
  }
  results.push({ module, ...scoreOf(JSON.parse(readFileSync(file, 'utf8'))) });
}

console.log('\nmodule        score   threshold  killed  survived  ignored (static)');
let ok = true;
for (const r of results) {
  const min = THRESHOLDS[r.module];
  if (r.failed) {
    ok = false;
    console.log(`${r.module.padEnd(12)}  run failed`);
    continue;
  }
  const pass = r.score >= min;
  ok &&= pass;
  console.log(
    `${r.module.padEnd(12)}  ${r.score.toFixed(1).padStart(5)}%  ≥ ${min}%  ${pass ? 'ok  ' : 'LOW '}  ${String(r.detected).padStart(6)}  ${String(r.undetected).padStart(8)}  ${String(r.ignored).padStart(7)}`,
  );
}
process.exit(ok ? 0 : 1);
