import { describe, expect, it } from 'vitest';
import { medianOfRuns, type RunRow } from '../../../../bench/median.mjs';

/* bench/run.mjs: a benchmark with a tail budget is judged on the median of its runs, its spread shown. */

const p99 = (figure: number, slowest = 'a'): RunRow => ({
  bench: 'live',
  case: `BALANCE_UPDATED p99 (${slowest})`,
  figure,
  unit: 'ms',
  budget: '<= 50 ms',
  ok: figure <= 50,
});
const rate = (figure: number, ratio: number): RunRow => ({
  bench: 'api',
  case: 'user/info req/s',
  figure,
  unit: 'req/s',
  baseline: figure / ratio,
  ratio,
  budget: '>= 35 %',
  ok: ratio >= 0.35,
});

describe('the median of a benchmark run three times', () => {
  it('judges a tail on its median run, whatever one run says, and prints the spread', () => {
    const [row] = medianOfRuns([[p99(60.1, 'x')], [p99(22.1, 'y')], [p99(31, 'z')]]);
    expect(row).toMatchObject({ figure: 31, case: 'BALANCE_UPDATED p99 (z)', ok: true, spread: [22.1, 60.1], runs: 3 });
    expect(medianOfRuns([[p99(60.1)], [p99(22.1)], [p99(55)]])[0]).toMatchObject({ figure: 55, ok: false });
  });

  it('ranks a ratio budget by its ratio, keeping that run’s baseline', () => {
    const [row] = medianOfRuns([[rate(13_000, 0.41)], [rate(14_000, 0.3)], [rate(12_000, 0.5)]]);
    expect(row).toMatchObject({ figure: 13_000, ratio: 0.41, ok: true, spread: [12_000, 14_000] });
  });

  it('matches figures by position and fails the benchmark when a run broke', () => {
    const broken = medianOfRuns([[p99(20), rate(1, 0.4)], [p99(21)], [p99(22), rate(1, 0.4)]]);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ ok: false, figure: 2 });
  });

  it('leaves a single run as it is', () => {
    expect(medianOfRuns([[p99(60.1)]])).toEqual([p99(60.1)]);
  });
});
