// The packages the product ships (`npm audit --omit=dev`) carry no high or
// critical advisory. Exit 0: checked, none; 1: advisories found (listed); 3: not checked, because
// the registry's advisory service did not answer (say so; it is not a pass).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(r.stdout);
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.message ?? report?.error?.summary ?? (r.error ? String(r.error) : `npm audit exited ${r.status}`);
  console.log(`npm audit: NOT CHECKED: the registry's advisory service did not answer (${why})`);
  process.exit(3);
}
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
for (const [name, v] of serious)
  console.log(
    `  ${v.severity}: ${name} ${v.range} (${[v.via]
      .flat()
      .map((x) => x.title ?? x)
      .join('; ')})`,
  );
console.log(
  `[trust] dependencies: packages audited ${report.metadata.dependencies?.prod ?? '?'} · critical ${counts.critical} · high ${counts.high} · moderate ${counts.moderate} · low ${counts.low}`,
);
process.exit(counts.high + counts.critical > 0 ? 1 : 0);
