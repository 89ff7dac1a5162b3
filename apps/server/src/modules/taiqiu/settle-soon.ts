import type { AppContext } from '../../platform/context.js';
import { reviewCashouts } from './cashout/review.js';
import { settleMatch } from './settlement.js';

/*
 * What follows a match's move runs after the call that moved it has answered (docs/design.md §9):
 * the settlement of what it decided (the feed's provider hears that its events are applied at
 * once, not after 100,000 bets are paid), then the review of its bets' cash-outs (automatic ones
 * taken, values told). One run per match at a time in this process; asked again while one runs,
 * it runs once more after it, for what moved meanwhile. A settlement that fails is logged, and the
 * resume ticker (resumeSettlements, every few seconds) settles what it left; a review that fails
 * is logged, and the next move reviews again.
 */

/** Where a failed run is told (a request's logger). */
export interface SettleLog {
  error(obj: object, msg: string): void;
}

interface Run {
  done: Promise<void>;
  again: boolean;
  /** Something was decided since the run last settled. */
  settle: boolean;
}

/** Each context's runs by match. */
const runsOf = new WeakMap<AppContext, Map<number, Run>>();

/** Settles the match's decided bets if `decided`, then reviews its cash-outs, in the background, as above. */
export function afterMatchMoved(ctx: AppContext, matchId: number, decided: boolean, log: SettleLog): void {
  let runs = runsOf.get(ctx);
  if (!runs) {
    runs = new Map();
    runsOf.set(ctx, runs);
  }
  const running = runs.get(matchId);
  if (running) {
    running.again = true;
    running.settle ||= decided;
    return;
  }
  const run: Run = { done: Promise.resolve(), again: true, settle: decided };
  const ofMatch = runs;
  run.done = (async () => {
    while (run.again) {
      run.again = false;
      const settle = run.settle;
      run.settle = false;
      if (settle) {
        await settleMatch(ctx, matchId).catch((err: unknown) =>
          log.error({ err, matchId }, 'settlement failed: the resume ticker takes it up'),
        );
      }
      await reviewCashouts(ctx, matchId).catch((err: unknown) =>
        log.error({ err, matchId }, 'cash-out review failed: the next move reviews again'),
      );
    }
    ofMatch.delete(matchId);
  })();
  runs.set(matchId, run);
}

/** Once every run this process has in the background has finished (shutdown, tests). */
export async function settlementsDone(ctx: AppContext): Promise<void> {
  for (;;) {
    const runs = [...(runsOf.get(ctx)?.values() ?? [])];
    if (runs.length === 0) return;
    await Promise.all(runs.map((r) => r.done));
  }
}
