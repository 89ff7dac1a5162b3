/*
 * The table of the benchmarks' last figures (bench/README.md): every row with the commit it
 * measured, a figure of several runs with its spread.
 */

export const show = (n) =>
  typeof n === 'number' ? (Number.isInteger(n) ? n.toLocaleString('en') : n.toFixed(n < 10 ? 2 : 1)) : String(n);

/** `byBench`: name → { commit, measured, machine, runs, rows }. */
export function benchTable(byBench) {
  const head = ['bench', 'case', 'figure', 'runs (spread)', 'baseline', 'ratio', 'budget', 'ok', 'commit, when'];
  const body = Object.values(byBench).flatMap(({ commit, measured, runs, rows }) =>
    rows.map((r) => [
      r.bench,
      r.case,
      `${show(r.figure)} ${r.unit}`,
      r.spread ? `${runs} (${show(r.spread[0])}–${show(r.spread[1])})` : String(runs),
      r.baseline === undefined ? '' : show(r.baseline),
      r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(0)} %`,
      r.budget,
      r.ok ? 'ok' : 'MISSED',
      `${commit}, ${measured}`,
    ]),
  );
  const machines = [...new Set(Object.values(byBench).map((b) => b.machine))];
  const table = [head, head.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  return `Machine: ${machines.join('; ')}.\n\n${table}`;
}
