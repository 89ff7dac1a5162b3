import { sql } from 'drizzle-orm';
import type { GameType } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';

export interface SettledBet {
  userId: number;
  betNo: string;
  gameType: GameType;
  stake: number;
  /** More than 0 (void bets feed nothing). */
  validBet: number;
  settledAt: Date;
}

/**
 * What settled bets do to promotions, in the settling transaction. It runs on every settlement,
 * so it is two statements whatever the promotions and however many bets: each bet's valid bet is
 * added to the progress of its player's current fee-waiver applications and, for a slots bet,
 * slots-turnover ones; and each bet is recorded as a lucky slip of each running lucky-slip
 * promotion whose minimum stake its valid bet reached (a hedge at tiny odds does not qualify by
 * its stake) and one of whose endings ends its number (the longest that matches).
 */
export async function promotionsOnBetsSettled(tx: Tx, ctx: AppContext, settled: SettledBet[]): Promise<void> {
  const counted = settled.filter((b) => b.validBet > 0);
  if (counted.length === 0) return;
  const rows = JSON.stringify(
    counted.map((b) => ({
      user_id: b.userId,
      bet_no: b.betNo,
      game_type: b.gameType,
      stake: b.stake,
      valid_bet: b.validBet,
      settled_at: b.settledAt.toISOString(),
    })),
  );
  await addProgress(tx, { rows, now: ctx.now().toISOString() });
  await recordLuckySlips(tx, { rows });
}

/** A settled bet a result correction settled again: its valid bet before and after. */
export interface ResettledBet extends Omit<SettledBet, 'validBet'> {
  validBetBefore: number;
  validBetAfter: number;
}

/**
 * What a result correction does to promotions (docs/design.md §9, "Result corrections"), as one
 * settlement with the final result would have done: each bet's change of valid bet moves the
 * progress of the applications that counted it (made before its first settlement, in their
 * period; never below 0); a bet now valid enough for a lucky slip is recorded as one, and one no
 * longer valid enough loses its slip unless the player has applied with it (that one stays for
 * the operator's decision).
 */
export async function promotionsOnBetsResettled(tx: Tx, ctx: AppContext, resettled: ResettledBet[]): Promise<void> {
  const row = (b: ResettledBet, validBet: number) => ({
    user_id: b.userId,
    bet_no: b.betNo,
    game_type: b.gameType,
    stake: b.stake,
    valid_bet: validBet,
    settled_at: b.settledAt.toISOString(),
  });
  const changed = resettled.filter((b) => b.validBetAfter !== b.validBetBefore);
  if (changed.length === 0) return;
  const changes = JSON.stringify(changed.map((b) => row(b, b.validBetAfter - b.validBetBefore)));
  await addProgress(tx, { rows: changes, now: ctx.now().toISOString() });
  const after = JSON.stringify(changed.map((b) => row(b, b.validBetAfter)));
  await removeLuckySlipsBelowMinimum(tx, { rows: after });
  await recordLuckySlips(tx, { rows: after });
}

/** promotionsOnBetsSettled of one bet. */
export const promotionsOnBetSettled = (tx: Tx, ctx: AppContext, bet: SettledBet) =>
  promotionsOnBetsSettled(tx, ctx, [bet]);

const bets = sql`jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
  AS r(user_id bigint, bet_no text, game_type text, stake bigint, valid_bet bigint, settled_at timestamptz)`;

/** Each application's bets (or their changes) summed, the applications taken in id order. */
const addProgress = preparedStatement(
  'promotions_add_progress',
  sql`WITH due AS (
        SELECT a.id, sum(r.valid_bet) AS amount
        FROM ${bets}
        JOIN promotion_applications a ON a.user_id = r.user_id AND a.status <> 'rejected'
          -- The period the bet was settled in: applications are made in theirs.
          AND a.period_ends_at > r.settled_at AND a.created_at <= r.settled_at
        JOIN promotions p ON p.id = a.promotion_id
          AND (p.type = 'fee_waiver' OR (p.type = 'slots_turnover' AND r.game_type = 'slots'))
          AND p.enabled AND p.starts_at <= r.settled_at AND p.ends_at > r.settled_at
        GROUP BY a.id),
      locked AS (
        SELECT a.id, d.amount FROM promotion_applications a JOIN due d USING (id)
        ORDER BY a.id FOR NO KEY UPDATE OF a)
      UPDATE promotion_applications a
      -- Never below 0: a correction takes back only what its bet added.
      SET progress = greatest(0, a.progress + l.amount), updated_at = ${sql.placeholder('now')}::timestamptz
      FROM locked l WHERE a.id = l.id`,
);

const recordLuckySlips = preparedStatement(
  'promotions_record_lucky_slips',
  sql`INSERT INTO promotion_slips (promotion_id, user_id, bet_no, game_type, stake, ending, bonus, settled_at)
      SELECT p.id, r.user_id, r.bet_no, r.game_type, r.stake, t.ending, t.bonus, r.settled_at
      FROM ${bets}
      JOIN promotions p ON p.type = 'lucky_slip' AND p.enabled
        AND p.starts_at <= r.settled_at AND p.ends_at > r.settled_at
        AND r.valid_bet >= (p.rules ->> 'minStake')::bigint
      CROSS JOIN LATERAL (
        SELECT e ->> 'ending' AS ending, (e ->> 'bonus')::bigint AS bonus
        FROM jsonb_array_elements(p.rules -> 'tiers') AS e
        WHERE right(r.bet_no, length(e ->> 'ending')) = e ->> 'ending'
        ORDER BY length(e ->> 'ending') DESC
        LIMIT 1
      ) AS t
      ON CONFLICT DO NOTHING`,
);

/** The slips of these bets (their valid bets now) below their promotion's minimum stake, not yet applied with. */
const removeLuckySlipsBelowMinimum = preparedStatement(
  'promotions_remove_lucky_slips_below_minimum',
  sql`DELETE FROM promotion_slips s
      USING ${bets}, promotions p
      WHERE s.bet_no = r.bet_no AND s.promotion_id = p.id AND s.application_id IS NULL
        AND r.valid_bet < (p.rules ->> 'minStake')::bigint`,
);
