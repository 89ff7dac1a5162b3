import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { setVipLevel } from '../auth/service.js';
import { sendSystemMessage } from '../messages/service.js';
import { grantVipGift, UPGRADE_BONUS_DAYS } from './gifts.js';
import { levelReached, levelRows } from './levels.js';
import { vipProgress } from './tables.js';

export interface VipProgressEvent {
  userId: number;
  /** A settled bet's valid bet. */
  validBet?: number;
  /** A credited deposit's amount. */
  deposit?: number;
  /** How many settled bets `validBet` sums (a player's bets settled together, named by the first); 1 for a bet if not given. */
  bets?: number;
  /** The bet (the first of them) or deposit order: each counts once. */
  reference: { table: string; id: string | number };
}

/**
 * Counts settled bets and credited deposits towards their players' lifetime figures (each once per
 * reference) and re-evaluates each level in the caller's transaction: the highest level whose
 * thresholds both are met, never lower than now. Each level passed grants its upgrade bonus
 * (a jump of three grants three, each once ever) and the player gets one vip_upgrade message.
 */
export async function recordVipProgressAll(tx: Tx, ctx: AppContext, events: VipProgressEvent[]): Promise<void> {
  const counted = events.filter((e) => (e.validBet ?? 0) > 0 || (e.deposit ?? 0) > 0);
  if (counted.length === 0) return;
  const now = ctx.now();
  const rows = counted.map((e) => ({
    user_id: e.userId,
    valid_bet: e.validBet ?? 0,
    deposit: e.deposit ?? 0,
    bets: e.bets ?? ((e.validBet ?? 0) > 0 ? 1 : 0),
    ref_table: e.reference.table,
    ref_id: String(e.reference.id),
  }));
  const totals = await addProgress(tx, { rows: JSON.stringify(rows), at: now.toISOString() });
  if (totals.length === 0) return;
  const levels = await levelRows(tx);
  for (const t of totals) {
    const reached = levelReached(levels, Number(t.valid_bet), Number(t.deposits));
    if (reached > t.vip_level)
      await upgrade(tx, ctx, { userId: Number(t.user_id), from: t.vip_level, to: reached }, levels);
  }
}

/** recordVipProgressAll of one bet or deposit. */
export const recordVipProgress = (tx: Tx, ctx: AppContext, e: VipProgressEvent) => recordVipProgressAll(tx, ctx, [e]);

/** The player up to a level: each level passed grants its upgrade bonus, and one vip_upgrade message. */
async function upgrade(
  tx: Tx,
  ctx: AppContext,
  u: { userId: number; from: number; to: number },
  levels: Awaited<ReturnType<typeof levelRows>>,
): Promise<void> {
  await setVipLevel(tx, u.userId, u.to);
  const expiresAt = new Date(ctx.now().getTime() + UPGRADE_BONUS_DAYS * 86_400_000);
  for (const level of levels.filter((l) => l.level > u.from && l.level <= u.to && l.upgradeBonus > 0)) {
    await grantVipGift(tx, ctx, {
      userId: u.userId,
      kind: 'upgrade',
      period: String(level.level),
      level: level.level,
      amount: level.upgradeBonus,
      turnoverMultiple: level.turnoverMultiple,
      expiresAt,
    });
  }
  await sendSystemMessage(tx, ctx, u.userId, 'vip_upgrade', { level: u.to });
}

/**
 * recordVipProgressAll's statement: each event once per reference, the new ones summed per player
 * into the lifetime figures (rows taken in id order, and kept locked until commit: one player's
 * re-evaluations run one after the other); the totals after, with each player's level now.
 */
const addProgress = preparedStatement<{
  user_id: string | number;
  valid_bet: string | number;
  deposits: string | number;
  vip_level: number;
}>(
  'vip_add_progress',
  sql`WITH recorded AS (
        INSERT INTO vip_progress_events (reference_table, reference_id, user_id, valid_bet, deposit, bets, created_at)
        SELECT r.ref_table, r.ref_id, r.user_id, r.valid_bet, r.deposit, r.bets, ${sql.placeholder('at')}::timestamptz
        FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          AS r(user_id bigint, valid_bet bigint, deposit bigint, bets int, ref_table text, ref_id text)
        ON CONFLICT DO NOTHING
        RETURNING user_id, valid_bet, deposit),
      totals AS (
        INSERT INTO vip_progress AS v (user_id, valid_bet, deposits, updated_at)
        SELECT user_id, sum(valid_bet), sum(deposit), ${sql.placeholder('at')}::timestamptz
        FROM recorded GROUP BY user_id ORDER BY user_id
        ON CONFLICT (user_id) DO UPDATE
        SET valid_bet = v.valid_bet + excluded.valid_bet, deposits = v.deposits + excluded.deposits,
            updated_at = excluded.updated_at
        RETURNING user_id, valid_bet, deposits)
      -- The level looked up player by player: as a join, the whole users table was read for one row.
      SELECT t.user_id, t.valid_bet, t.deposits, (SELECT u.vip_level FROM users u WHERE u.id = t.user_id) AS vip_level
      FROM totals t`,
);

/**
 * A result correction's changes of settled bets' valid bets (docs/design.md §9, "Result
 * corrections"): a grown one counts as a settlement does (and may raise the level); a shrunk one
 * is taken back from the lifetime valid bet, once per reference. A level is never lowered.
 */
export async function changeVipProgressAll(tx: Tx, ctx: AppContext, changes: VipProgressEvent[]): Promise<void> {
  await recordVipProgressAll(tx, ctx, changes);
  const shrunk = changes.filter((c) => (c.validBet ?? 0) < 0);
  if (shrunk.length === 0) return;
  const rows = shrunk.map((c) => ({
    user_id: c.userId,
    valid_bet: c.validBet,
    ref_table: c.reference.table,
    ref_id: String(c.reference.id),
  }));
  await takeBackProgress(tx, { rows: JSON.stringify(rows), at: ctx.now().toISOString() });
}

/** changeVipProgressAll's take-back: each event once per reference (counting no bet), summed per player, rows taken in id order. */
const takeBackProgress = preparedStatement(
  'vip_take_back_progress',
  sql`WITH recorded AS (
        INSERT INTO vip_progress_events (reference_table, reference_id, user_id, valid_bet, deposit, bets, created_at)
        SELECT r.ref_table, r.ref_id, r.user_id, r.valid_bet, 0, 0, ${sql.placeholder('at')}::timestamptz
        FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          AS r(user_id bigint, valid_bet bigint, ref_table text, ref_id text)
        ON CONFLICT DO NOTHING
        RETURNING user_id, valid_bet),
      sums AS (SELECT user_id, sum(valid_bet) AS valid_bet FROM recorded GROUP BY user_id),
      locked AS (
        SELECT v.user_id, s.valid_bet FROM vip_progress v JOIN sums s USING (user_id)
        ORDER BY v.user_id FOR NO KEY UPDATE OF v)
      UPDATE vip_progress v
      SET valid_bet = v.valid_bet + l.valid_bet, updated_at = ${sql.placeholder('at')}::timestamptz
      FROM locked l WHERE v.user_id = l.user_id`,
);

/** The player's lifetime figures (0 before any). */
export async function progressOf(db: Conn, userId: number): Promise<{ validBet: number; deposits: number }> {
  const [row] = await db.select().from(vipProgress).where(eq(vipProgress.userId, userId));
  return { validBet: row?.validBet ?? 0, deposits: row?.deposits ?? 0 };
}
