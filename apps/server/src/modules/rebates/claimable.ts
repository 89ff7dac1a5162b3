import { sql } from 'drizzle-orm';
import { bets, rebates, type GameType } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { BP_PER_CENT } from './accruals.js';
import { noRates, type Rates } from './rates.js';

/** What a game type has accrued and claims have not paid for yet (accrued − paid). */
export interface Unrebated {
  gameType: GameType;
  validBet: number;
  /** cent·basis points. */
  accrued: number;
}

/** What a claim of a player reads: their level and its rates, what is unpaid, their last claim. */
export interface Claimable {
  vipLevel: number;
  rates: Rates;
  /** Per game type that has accrued anything. */
  unrebated: Unrebated[];
  lastClaimAt: Date | null;
}

interface ClaimableRow {
  user_id: string | number;
  vip_level: number;
  /** Epoch milliseconds (a number on PGlite, text from pg). */
  last_claim: string | number | null;
  rates: Partial<Rates> | null;
  unrebated: Unrebated[] | null;
}

/**
 * claimablesOf's statement: each player's row, one statement for a batch of claims. The rates are
 * the player's level's (a missing cell is 0); the last claim is read through rebate_claims_user.
 */
const claimableRows = preparedStatement<ClaimableRow>(
  'rebates_claimable',
  sql`SELECT u.id AS user_id, u.vip_level,
        (SELECT (extract(epoch FROM c.created_at) * 1000)::float8 FROM rebate_claims c WHERE c.user_id = u.id
         ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS last_claim,
        (SELECT json_object_agg(rr.game_type, rr.rate_bp) FROM rebate_rates rr
         WHERE rr.vip_level = u.vip_level) AS rates,
        (SELECT json_agg(json_build_object('gameType', a.game_type,
                  'validBet', a.valid_bet - coalesce(p.valid_bet, 0),
                  'accrued', a.accrued - coalesce(p.accrued, 0)))
         FROM rebate_accruals a
         LEFT JOIN rebate_paid p ON p.user_id = a.user_id AND p.game_type = a.game_type
         WHERE a.user_id = u.id) AS unrebated
      FROM users u WHERE u.id = ANY(${sql.placeholder('ids')}::bigint[])`,
);

/** What each of the players can claim, in one statement (a player not found: level 0, nothing). */
export async function claimablesOf(db: Conn, userIds: number[]): Promise<Map<number, Claimable>> {
  const rows = await claimableRows(db, { ids: userIds });
  const found = new Map<number, Claimable>();
  for (const row of rows) {
    found.set(Number(row.user_id), {
      vipLevel: row.vip_level,
      rates: { ...noRates(), ...row.rates },
      unrebated: row.unrebated ?? [],
      lastClaimAt: row.last_claim === null ? null : new Date(Number(row.last_claim)),
    });
  }
  return found;
}

/** claimablesOf of one player. */
export async function claimableOf(db: Conn, userId: number): Promise<Claimable> {
  const nothing = { vipLevel: 0, rates: noRates(), unrebated: [], lastClaimAt: null };
  return (await claimablesOf(db, [userId])).get(userId) ?? nothing;
}

/** Each game type's part, in gameTypes order: what a claim now pays (whole cents) and for what valid bet. */
export function rebateItems(rows: Unrebated[], rates: Rates): rebates.RebateItem[] {
  return bets.gameTypes.map((gameType) => {
    const row = rows.find((r) => r.gameType === gameType);
    return {
      gameType,
      // Below 0 after a correction took back rebate already claimed: nothing until accruals cover it.
      validBet: Math.max(0, row?.validBet ?? 0),
      rateBp: rates[gameType],
      amount: Math.max(0, Math.floor((row?.accrued ?? 0) / BP_PER_CENT)),
    };
  });
}

/** When a claim is allowed again after one at `last` (null: now). */
export function nextClaimAt(last: Date | null, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + rebates.REBATE_CLAIM_INTERVAL_MINUTES * 60_000);
  return next > now ? next : null;
}

/** What the player can claim now (/user/shishifanshui). */
export async function rebateSummary(db: Conn, userId: number, now: Date) {
  const { vipLevel, rates, unrebated, lastClaimAt } = await claimableOf(db, userId);
  const items = rebateItems(unrebated, rates);
  return {
    vipLevel,
    total: items.reduce((sum, i) => sum + i.amount, 0),
    items,
    minClaim: rebates.REBATE_MIN_CLAIM,
    intervalMinutes: rebates.REBATE_CLAIM_INTERVAL_MINUTES,
    lastClaimAt: lastClaimAt?.toISOString() ?? null,
    nextClaimAt: nextClaimAt(lastClaimAt, now)?.toISOString() ?? null,
  };
}
