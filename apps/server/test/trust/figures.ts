import { appendFileSync } from 'node:fs';

/**
 * The trust suite's figures: each item prints one line that can be read at a glance,
 * e.g. `[trust] fuzz: calls 212 · inputs tried 10600 · refused 10600 · server errors 0 · writes 0`.
 * `npm test` runs the short version of each item; `npm run test:chaos` sets CHAOS=1 for the long one.
 */
export const CHAOS = process.env.CHAOS === '1';

/** The short or the long size of a figure: `scale(20, 500)`. */
export const scale = (short: number, long: number): number => (CHAOS ? long : short);

/** Prints the figure; with TRUST_FIGURES set (npm test), also appends it there for the run's summary. */
export function figure(item: string, counts: Record<string, number | string>): void {
  const parts = Object.entries(counts).map(([k, v]) => `${k} ${v}`);
  const line = `[trust] ${item}: ${parts.join(' · ')}`;
  console.log(line);
  if (process.env.TRUST_FIGURES) appendFileSync(process.env.TRUST_FIGURES, `${line}\n`);
}
