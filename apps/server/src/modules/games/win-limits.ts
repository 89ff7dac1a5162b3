import { sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { gameSettings } from './tables.js';

/*
 * The win limit of provider games (docs/wallet-bounds.md): a round's wins are credited up to a
 * multiple of its stakes — the game's own multiple, else the default of game_settings. A round is
 * the player's bets on the game under the provider's round id that went through and were not
 * rolled back; its credited wins are what the wallet credited of the wins naming those bets (the
 * parts held, and what operators released of them, are not counted).
 */

/** Where a round stands against its limit. */
export interface RoundLimit {
  stakes: number;
  credited: number;
  multiple: number;
}

export interface RoundOf {
  providerId: string;
  userId: number;
  gameCode: string;
  round: string;
}

/** The round's stakes, credited wins and multiple; call it under the player's wallet lock. */
export async function roundLimit(tx: Tx, round: RoundOf): Promise<RoundLimit> {
  const [row] = await roundLimitStatement(tx, { ...round });
  if (!row) throw new Error(`round ${round.round} of provider ${round.providerId}: no limit read`);
  return { stakes: Number(row.stakes), credited: Number(row.credited), multiple: Number(row.multiple) };
}

const roundLimitStatement = preparedStatement<{ stakes: string; credited: string; multiple: number }>(
  'wallet_round_limit',
  sql`WITH round_bets AS (
        SELECT transaction_uuid, bet_no FROM provider_transactions
        WHERE provider_id = ${sql.placeholder('providerId')} AND user_id = ${sql.placeholder('userId')}
          AND round = ${sql.placeholder('round')} AND kind = 'bet'
          AND game_code = ${sql.placeholder('gameCode')} AND status = 'RS_OK')
      SELECT
        (SELECT coalesce(sum(b.stake), 0) FROM round_bets r JOIN bets b ON b.bet_no = r.bet_no
         WHERE b.status <> 'void')::text AS stakes,
        (SELECT coalesce(sum(w.amount - w.held), 0) FROM round_bets r JOIN provider_transactions w
           ON w.provider_id = ${sql.placeholder('providerId')} AND w.reference_uuid = r.transaction_uuid
         WHERE w.kind = 'win' AND w.status = 'RS_OK')::text AS credited,
        coalesce((SELECT max_win_multiple FROM games WHERE code = ${sql.placeholder('gameCode')}),
                 (SELECT max_win_multiple FROM game_settings)) AS multiple`,
);

/** What the round may still be credited (stakes × multiple − credited, at least 0), exactly. */
function room({ stakes, credited, multiple }: RoundLimit): bigint {
  const left = BigInt(stakes) * BigInt(multiple) - BigInt(credited);
  return left > 0n ? left : 0n;
}

/** A win of `cents` split at the limit: credited now, the rest held for an operator. */
export function splitWin(limit: RoundLimit, cents: number): { credited: number; held: number } {
  const left = room(limit);
  const credited = left >= BigInt(cents) ? cents : Number(left);
  return { credited, held: cents - credited };
}

/** Whether the round's credited wins stay within its limit once `stake` leaves its stakes (a rollback). */
export const withinLimitWithout = (limit: RoundLimit, stake: number): boolean =>
  BigInt(limit.credited) <= BigInt(limit.stakes - stake) * BigInt(limit.multiple);

/** The win limit of games without their own. */
export async function defaultWinMultiple(db: Conn): Promise<number> {
  const [row] = await db.select({ multiple: gameSettings.maxWinMultiple }).from(gameSettings);
  if (!row) throw new Error('game_settings has no row');
  return row.multiple;
}

export async function setDefaultWinMultiple(tx: Tx, multiple: number): Promise<void> {
  await tx.update(gameSettings).set({ maxWinMultiple: multiple });
}
