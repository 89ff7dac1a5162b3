/*
 * How a benchmark reports a figure to the runner (bench/run.mjs): one line `BENCH {json}` on
 * stdout. `ok` says whether the budget is met; the runner prints the table and decides the exit.
 */

export interface BenchRow {
  /** The benchmark (api, money, live, reports, …). */
  bench: string;
  /** What was measured, e.g. "user/info req/s". */
  case: string;
  figure: number;
  unit: string;
  /** The same measure of the baseline, taken in the same run, where the budget is a ratio. */
  baseline?: number;
  ratio?: number;
  /** The budget in words, e.g. ">= 35 % of bare Fastify". */
  budget: string;
  ok: boolean;
}

export function benchRow(row: BenchRow): void {
  console.log(`BENCH ${JSON.stringify(row)}`);
}

/** A figure in ms to the tenth, as the tables give latencies. */
export const roundToTenth = (ms: number): number => Math.round(ms * 10) / 10;
