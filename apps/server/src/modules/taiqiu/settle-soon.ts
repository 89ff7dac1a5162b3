import type { AppContext } from '../../platform/context.js';
import { settleMatch } from './settlement.js';

/*
 * Settlements run after the call that decided them has answered (docs/design.md §9): the feed's
 * provider hears that its events are applied at once, not after 100,000 bets are paid. One run per
 * match at a time in this process; asked again while one runs, it runs once more after it, for
 * what was decided meanwhile. A run that fails is logged, and the resume ticker
 * (resumeSettlements, every few seconds) settles what it left.
 */

/** Where a failed run is told (a request's logger). */
export interface SettleLog {
  error(obj: object, msg: string): void;
}

interface Run {
  done: Promise<void>;
  again: boolean;
}

/** Each context's runs by match. */
const runsOf = new WeakMap<AppContext, Map<number, Run>>();

/** Settles the match's decided bets in the background (settleMatch), as above. */
export function settleSoon(ctx: AppContext, matchId: number, log: SettleLog): void {
  let runs = runsOf.get(ctx);
  if (!runs) {
    runs = new Map();
    runsOf.set(ctx, runs);
  }
  const running = runs.get(matchId);
  if (running) {
    running.again = true;
    return;
  }
  const run: Run = { done: Promise.resolve(), again: true };
  const ofMatch = runs;
  run.done = (async () => {
    while (run.again) {
      run.again = false;
      await settleMatch(ctx, matchId).catch((err: unknown) =>
        log.error({ err, matchId }, 'settlement failed: the resume ticker takes it up'),
      );
    }
    ofMatch.delete(matchId);
  })();
  runs.set(matchId, run);
}

/** Once every settlement this process runs in the background has finished (shutdown, tests). */
export async function settlementsDone(ctx: AppContext): Promise<void> {
  for (;;) {
    const runs = [...(runsOf.get(ctx)?.values() ?? [])];
    if (runs.length === 0) return;
    await Promise.all(runs.map((r) => r.done));
  }
}
