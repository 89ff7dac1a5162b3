/** The rows of bench/median.mjs (as apps/server/bench/lib/result.ts writes them). */
export interface RunRow {
  bench: string;
  case: string;
  figure: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  budget: string;
  ok: boolean;
  spread?: [number, number];
  runs?: number;
}
export function medianOfRuns(runs: RunRow[][]): RunRow[];
