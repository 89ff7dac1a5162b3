import type { BenchRow } from '../apps/server/bench/lib/result.js';

/** A row of bench/median.mjs: a benchmark's row, with the spread of its runs when it ran several times. */
export interface RunRow extends BenchRow {
  spread?: [number, number];
  runs?: number;
}
export function medianOfRuns(runs: RunRow[][]): RunRow[];
