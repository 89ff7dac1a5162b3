import type { CutBy, Outcome } from './http.js';

/*
 * What the client side of the crash run knows: every call it made and how each ended. A step
 * is acknowledged once one of its attempts got a success answer; cut when every attempt was cut
 * (its effect is unknown: absent or complete, never half); refused when the server said no.
 */

export type Result = 'ack' | 'refused' | 'cut';

export interface Step {
  result: Result;
  /** Attempts after the first (the same call with the same key, after a cut). */
  retries: number;
  /** The refusal, when refused. */
  refusal?: string;
}

/** A sandbox deposit: startPay, then the gateway's SUCCESS callback. Amounts are unique in the run. */
export interface DepositRecord {
  userId: number;
  amount: number;
  start: Step;
  orderNo?: string;
  /** The callback; none when startPay did not answer. */
  pay?: Step;
}

/** A billiards bet, kept under its requestId (the app's key of it); its stake is unique in the run too. */
export interface BetRecord {
  userId: number;
  stake: number;
  requestId: string;
  place: Step;
  betNo?: string;
}

/** A provider round: transaction/bet, then a win or a rollback (a rollback also for a bet not answered). */
export interface RoundRecord {
  userId: number;
  round: string;
  /** Cents. */
  stake: number;
  bet: { uuid: string; step: Step };
  settle?: { kind: 'win' | 'rollback'; uuid: string; /** Cents. */ amount: number; step: Step };
}

export type ReviewAction = 'approve' | 'pay' | 'reject';

/** A withdrawal: the player's request (unique amount, its requestId), then the operator's review steps. */
export interface WithdrawalRecord {
  userId: number;
  amount: number;
  requestId: string;
  request: Step;
  orderNo?: string;
  review: { action: ReviewAction; step: Step }[];
}

/** A rebate claim (no key of its own: the 10-minute rule makes a resend of one that went through a 429). */
export interface RebateClaimRecord {
  userId: number;
  step: Step;
  claimId?: number;
  amount?: number;
}

export class Journal {
  operations = 0;
  acknowledged = 0;
  unacknowledged = 0;
  refused = 0;
  retried = 0;
  /** Calls the client stopped waiting for (then sent again); most are answered before it does. */
  givenUp = 0;
  /** Unacknowledged attempts by what cut them: a kill (`reset`, `refused`) or the client. */
  readonly cutBy: Record<CutBy, number> = { reset: 0, refused: 0, 'gave up': 0, 'timed out': 0 };
  /** Refusals the load did not expect, with what was refused. */
  readonly unexpected: string[] = [];
  readonly deposits: DepositRecord[] = [];
  readonly bets: BetRecord[] = [];
  readonly rounds: RoundRecord[] = [];
  readonly withdrawals: WithdrawalRecord[] = [];
  readonly rebateClaims: RebateClaimRecord[] = [];
  private seq = 0;

  /** A number no other operation of the run has (for unique amounts). */
  next(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Counts one attempt. */
  count<T>(outcome: Outcome<T>, retry: boolean): Outcome<T> {
    this.operations += 1;
    if (retry) this.retried += 1;
    if (outcome.kind === 'ok') this.acknowledged += 1;
    else if (outcome.kind === 'cut') {
      this.unacknowledged += 1;
      this.cutBy[outcome.by] += 1;
    } else this.refused += 1;
    return outcome;
  }
}
