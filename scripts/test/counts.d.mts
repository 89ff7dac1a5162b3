export interface Tally {
  passed: number;
  failed: number;
  failedTests: string[];
  flakyTests: string[];
  skipped: Map<string, string>;
  ran: Set<string>;
}
export function newTally(): Tally;
export function addCheck(tally: Tally, ok: boolean): void;
export function addVitest(tally: Tally, stage: string, report: unknown, root: string): number;
export function addPlaywright(tally: Tally, stage: string, report: unknown, root: string): number;
export function skippedTests(tally: Tally): string[];
export function closingLine(tally: Tally): string;
