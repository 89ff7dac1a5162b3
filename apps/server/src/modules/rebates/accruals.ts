import { sql } from 'drizzle-orm';
import type { GameType } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';

/** accrued is kept in cent·basis points: this many make one cent. */
export const BP_PER_CENT = 10_000;

/** A settled bet's valid bet, to accrue rebate on. */
export interface RebateAccrual {
  userId: number;
  gameType: GameType;
  validBet: number;
  /** How many settled bets `validBet` sums (a player's bets settled together, named by the first); 1 if not given. */
  bets?: number;
  reference: { table: string; id: string | number };
}

/**
 * Accrues settled bets' valid bets at the rates of their players' levels now (docs/design.md §8:
 * a settlement batch's at the levels its players had before it), once per reference; a void bet
 * (valid bet 0) accrues nothing. One statement however many; call it in the settling transaction.
 */
export async function accrueRebateAll(tx: Tx, ctx: AppContext, accruals: RebateAccrual[]): Promise<void> {
  const counted = accruals.filter((a) => a.validBet > 0);
  if (counted.length === 0) return;
  const rows = counted.map((a) => ({
    user_id: a.userId,
    game_type: a.gameType,
    valid_bet: a.validBet,
    bets: a.bets ?? 1,
    ref_table: a.reference.table,
    ref_id: String(a.reference.id),
  }));
  await accrue(tx, { rows: JSON.stringify(rows), at: ctx.now().toISOString() });
}

/** accrueRebateAll of one bet. */
export const accrueRebate = (tx: Tx, ctx: AppContext, accrual: RebateAccrual) => accrueRebateAll(tx, ctx, [accrual]);

/**
 * The rate of the row `r`'s player at their level now, for its game type (0 where the table has
 * none), as a column: looked up player by player. As a join, the planner, which takes a JSON
 * array for 100 rows, read the whole users table for a settlement's few rows.
 */
const RATE_OF_ROW = sql`coalesce((SELECT rr.rate_bp FROM rebate_rates rr
          WHERE rr.vip_level = (SELECT u.vip_level FROM users u WHERE u.id = r.user_id)
            AND rr.game_type = r.game_type), 0)`;

/**
 * accrueRebateAll's statement: each bet's event at its player's rate (0 where the table has none),
 * the new ones summed per (player, game type) into the accruals, taken in that order.
 */
const accrue = preparedStatement(
  'rebates_accrue',
  sql`WITH recorded AS (
        INSERT INTO rebate_accrual_events
          (reference_table, reference_id, user_id, game_type, valid_bet, bets, rate_bp, created_at)
        SELECT r.ref_table, r.ref_id, r.user_id, r.game_type, r.valid_bet, r.bets, ${RATE_OF_ROW},
               ${sql.placeholder('at')}::timestamptz
        FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          AS r(user_id bigint, game_type text, valid_bet bigint, bets int, ref_table text, ref_id text)
        ON CONFLICT DO NOTHING
        RETURNING user_id, game_type, valid_bet, rate_bp)
      INSERT INTO rebate_accruals AS a (user_id, game_type, valid_bet, accrued, updated_at)
      SELECT user_id, game_type, sum(valid_bet), sum(valid_bet * rate_bp), ${sql.placeholder('at')}::timestamptz
      FROM recorded GROUP BY user_id, game_type ORDER BY user_id, game_type
      ON CONFLICT (user_id, game_type) DO UPDATE
      SET valid_bet = a.valid_bet + excluded.valid_bet, accrued = a.accrued + excluded.accrued,
          updated_at = excluded.updated_at`,
);

/**
 * A result correction's changes of settled bets' valid bets (docs/design.md §9, "Result
 * corrections"): a grown one accrues as a settlement does; a shrunk one takes back its valid bet
 * at the player's rate now, once per reference. What claims already paid is not taken from the
 * player: it stays owed against the game type's next accruals (what `claimablesOf` reads as
 * unpaid may be below 0).
 */
export async function changeRebateAll(tx: Tx, ctx: AppContext, changes: RebateAccrual[]): Promise<void> {
  await accrueRebateAll(tx, ctx, changes);
  const shrunk = changes.filter((c) => c.validBet < 0);
  if (shrunk.length === 0) return;
  const rows = shrunk.map((c) => ({
    user_id: c.userId,
    game_type: c.gameType,
    valid_bet: c.validBet,
    ref_table: c.reference.table,
    ref_id: String(c.reference.id),
  }));
  await takeBack(tx, { rows: JSON.stringify(rows), at: ctx.now().toISOString() });
}

/**
 * changeRebateAll's take-back: each event once per reference (counting no bet), the new ones
 * summed into the accruals the bets' settlements made, taken in (player, game type) order. At a
 * rate above the one the bet earned (a level gained since) the accrued total stops at 0.
 */
const takeBack = preparedStatement(
  'rebates_take_back',
  sql`WITH recorded AS (
        INSERT INTO rebate_accrual_events
          (reference_table, reference_id, user_id, game_type, valid_bet, bets, rate_bp, created_at)
        SELECT r.ref_table, r.ref_id, r.user_id, r.game_type, r.valid_bet, 0, ${RATE_OF_ROW},
               ${sql.placeholder('at')}::timestamptz
        FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          AS r(user_id bigint, game_type text, valid_bet bigint, ref_table text, ref_id text)
        ON CONFLICT DO NOTHING
        RETURNING user_id, game_type, valid_bet, rate_bp),
      sums AS (
        SELECT user_id, game_type, sum(valid_bet) AS valid_bet, sum(valid_bet * rate_bp) AS accrued
        FROM recorded GROUP BY user_id, game_type),
      locked AS (
        SELECT a.user_id, a.game_type, s.valid_bet, s.accrued
        FROM rebate_accruals a JOIN sums s USING (user_id, game_type)
        ORDER BY a.user_id, a.game_type FOR NO KEY UPDATE OF a)
      UPDATE rebate_accruals a
      SET valid_bet = a.valid_bet + l.valid_bet, accrued = greatest(a.accrued + l.accrued, 0),
          updated_at = ${sql.placeholder('at')}::timestamptz
      FROM locked l WHERE a.user_id = l.user_id AND a.game_type = l.game_type`,
);
