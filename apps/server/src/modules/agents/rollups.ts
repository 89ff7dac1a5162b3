import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { agentDaily, type RollupFigures, type RollupGameType } from './report-tables.js';

/*
 * The daily roll-ups every agent report reads (agent_daily, docs/design.md §8 Agents): each event
 * adds its figures to its member's row of the day, in the event's own transaction, so a report
 * never scans bets or orders and never sees an event its money did not move for.
 */

export type RollupDelta = Partial<RollupFigures>;

/**
 * The site's day of `at`: the time zone is read in the same statement (site_config's timeZone,
 * a JSON string), sparing every event a round trip for the config.
 */
const siteDay = (at: Date) =>
  sql`(${at.toISOString()}::timestamptz AT TIME ZONE (SELECT value #>> '{}' FROM site_config WHERE key = 'timeZone'))::date`;

/** Adds every figure of `delta` to the row of (userId, the site day of `at`, gameType), creating it. */
export async function rollUp(
  tx: Tx,
  userId: number,
  at: Date,
  gameType: RollupGameType,
  delta: RollupDelta,
): Promise<void> {
  const figures = (Object.keys(delta) as Array<keyof RollupFigures>).filter((k) => delta[k]);
  if (figures.length === 0) return;
  await tx
    .insert(agentDaily)
    .values({ userId, day: siteDay(at), gameType, ...Object.fromEntries(figures.map((k) => [k, delta[k]])) })
    .onConflictDoUpdate({
      target: [agentDaily.userId, agentDaily.day, agentDaily.gameType],
      set: Object.fromEntries(figures.map((k) => [k, sql`${agentDaily[k]} + ${delta[k]}`])),
    });
}

type BetOfRollup = { insurance: boolean; stake: number };

/**
 * What a bet's first settlement (won or lost, never void) adds; an insurance bet counts apart,
 * as a premium and its payout.
 */
export const settledBetFigures = (bet: BetOfRollup, payout: number, validBet: number): RollupDelta =>
  bet.insurance
    ? { insurancePremiums: bet.stake, insurancePayouts: payout }
    : { betCount: 1, stake: bet.stake, validBet, payout };

/** What a later win of an already settled bet adds on the day it arrives. */
export const furtherWinFigures = (bet: BetOfRollup, payout: number): RollupDelta =>
  bet.insurance ? { insurancePayouts: payout } : { payout };

/** What a credited deposit adds to its day: what the player paid, the fee, the bonus, and whether it was the first. */
export const depositFigures = (deposit: {
  amount: number;
  fee: number;
  bonus: number;
  first: boolean;
}): RollupDelta => ({
  deposits: deposit.amount,
  depositCount: 1,
  depositFees: deposit.fee,
  bonuses: deposit.bonus,
  ...(deposit.first ? { firstDepositCount: 1, firstDeposits: deposit.amount } : {}),
});
