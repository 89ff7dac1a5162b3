import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { agentDaily, type RollupFigures, type RollupGameType } from './report-tables.js';

/*
 * The daily roll-ups every agent report reads (agent_daily, docs/design.md §8 Agents): each event
 * adds its figures to its member's row of the day, in the event's own transaction, so a report
 * never scans bets or orders and never sees an event its money did not move for.
 */

export type RollupDelta = Partial<RollupFigures>;

/** The figure columns' keys, in the order of the roll-up statement's lists. */
const FIGURES = Object.keys(getTableColumns(agentDaily)).filter(
  (k) => k !== 'userId' && k !== 'day' && k !== 'gameType',
) as (keyof RollupFigures)[];
const columns = FIGURES.map((k) => agentDaily[k].name);

/**
 * Adds rows of figures to their (member, site day, game type) rows, creating them: one prepared
 * statement for any number of rows (rows of the same key summed first, as one INSERT may update
 * a row once). The site's day is taken in the same statement from site_config's timeZone (a JSON
 * string), sparing every event a round trip for the config.
 */
const addRollups = preparedStatement(
  'agents_roll_up',
  sql`INSERT INTO agent_daily AS d (user_id, day, game_type, ${sql.raw(columns.join(', '))})
      SELECT r.user_id, (r.at AT TIME ZONE (SELECT value #>> '{}' FROM site_config WHERE key = 'timeZone'))::date,
             r.game_type, ${sql.raw(columns.map((c) => `coalesce(sum(r.${c}), 0)`).join(', '))}
      FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
        AS r(user_id bigint, at timestamptz, game_type text, ${sql.raw(columns.map((c) => `${c} bigint`).join(', '))})
      GROUP BY 1, 2, 3
      ON CONFLICT (user_id, day, game_type) DO UPDATE
      SET ${sql.raw(columns.map((c) => `${c} = d.${c} + excluded.${c}`).join(', '))}`,
);

export interface Rollup {
  userId: number;
  at: Date;
  gameType: RollupGameType;
  delta: RollupDelta;
}

/**
 * Adds every figure of each row's delta to its (userId, the site day of `at`, gameType) row,
 * creating it. Rows of one player, moment and game type (a settlement batch's bets of a player)
 * are summed here first: the statement would sum them too, but each row sent is bytes to write
 * and JSON to parse (bench/README.md, the settlement benchmark).
 */
export async function rollUpAll(tx: Tx, rollups: Rollup[]): Promise<void> {
  const rows = new Map<string, Record<string, number | string>>();
  for (const { userId, at, gameType, delta } of rollups) {
    const figures = FIGURES.filter((k) => delta[k]);
    if (figures.length === 0) continue;
    const key = `${userId} ${at.getTime()} ${gameType}`;
    const row = rows.get(key) ?? { user_id: userId, at: at.toISOString(), game_type: gameType };
    for (const k of figures) row[agentDaily[k].name] = ((row[agentDaily[k].name] as number) ?? 0) + delta[k]!;
    rows.set(key, row);
  }
  if (rows.size > 0) await addRollups(tx, { rows: JSON.stringify([...rows.values()]) });
}

/** rollUpAll of one row. */
export const rollUp = (tx: Tx, userId: number, at: Date, gameType: RollupGameType, delta: RollupDelta) =>
  rollUpAll(tx, [{ userId, at, gameType, delta }]);

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
