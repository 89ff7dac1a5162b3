/*
 * A benchmark run several times: each figure as the median of its runs, with the spread (lowest,
 * highest) printed beside it. A run reports its figures in the same order every time, so a figure
 * is matched across runs by its position (a case's label may name what was slowest in that run).
 * The median run's whole row is kept (its label, baseline, ratio and verdict), so the budget is
 * judged on the median; with an even count, the upper median. A run that broke, or reported
 * another number of figures than the first, makes the whole benchmark a failed row.
 */

/** The value a row is ranked by: its ratio where the budget is one, else its figure. */
const rank = (row) => row.ratio ?? row.figure;

export function medianOfRuns(runs) {
  if (runs.length === 1) return runs[0];
  const [first] = runs;
  const broken = runs.find(
    (rows) => rows.length !== first.length || rows.some((r) => r.case.startsWith('the benchmark (exit')),
  );
  if (broken) {
    return [
      {
        bench: first[0]?.bench ?? '?',
        case: `the benchmark, ${runs.length} runs (figures per run: ${runs.map((r) => r.length).join(', ')})`,
        figure: runs.filter((r) => r !== broken).length,
        unit: 'runs whole',
        budget: 'every run to the end',
        ok: false,
      },
    ];
  }
  return first.map((_, i) => {
    const column = runs.map((rows) => rows[i]).sort((a, b) => rank(a) - rank(b));
    const median = column[Math.floor(column.length / 2)];
    const figures = column.map((r) => r.figure);
    return { ...median, spread: [Math.min(...figures), Math.max(...figures)], runs: runs.length };
  });
}
