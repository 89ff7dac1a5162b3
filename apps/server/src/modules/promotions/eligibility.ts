import { and, eq, gt, isNull, or } from 'drizzle-orm';
import {
  ErrorCode,
  serverErrorText,
  type Lang,
  type promotions as contract,
  type ServerErrorKey,
} from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { vipLevelOf } from '../auth/service.js';
import { hasFirstDeposit } from '../payments/service.js';
import { isRunning } from './rules.js';
import { promotionApplications, promotions, type ApplicationRow, type PromotionRow } from './tables.js';

/*
 * Whether a player may apply now, and why not: one rule for the apply call (which throws the
 * refusal), the details page (which shows its text) and the list (canApply). Not in service.ts:
 * it reads payments, which calls the promotions' deposit hook.
 */

export interface PlayerState {
  vipLevel: number;
  /** The player has a credited first deposit. */
  firstDeposit: boolean;
  /** The player's application of the current period, by promotion. */
  current: Map<number, ApplicationRow>;
  /** Types the player joined in their current period (an application not rejected), with the promotion's id. */
  joinedTypes: Map<contract.PromotionType, number>;
}

/** What refusalOf needs to know of the player, for these promotions. */
export async function playerState(db: Conn, userId: number, promotionIds: number[], now: Date): Promise<PlayerState> {
  // One query after the other: `db` may be a transaction.
  const vipLevel = await vipLevelOf(db, userId);
  const firstDeposit = await hasFirstDeposit(db, userId);
  // An application is made in its then current period: one whose period has not ended is current.
  // All of the player's current ones: one promotion of a type at a time.
  const rows = await db
    .select({ a: promotionApplications, type: promotions.type })
    .from(promotionApplications)
    .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
    .where(
      and(
        eq(promotionApplications.userId, userId),
        or(isNull(promotionApplications.periodEndsAt), gt(promotionApplications.periodEndsAt, now)),
      ),
    );
  return {
    vipLevel,
    firstDeposit,
    current: new Map(rows.filter((r) => promotionIds.includes(r.a.promotionId)).map((r) => [r.a.promotionId, r.a])),
    joinedTypes: new Map(rows.filter((r) => r.a.status !== 'rejected').map((r) => [r.type, r.a.promotionId])),
  };
}

export interface Refusal {
  code: ErrorCode;
  key: ServerErrorKey;
  params?: Record<string, string | number>;
}

/** Why applying now would be refused (a lucky slip's own checks come with the slip), or null. */
export function refusalOf(p: PromotionRow, state: PlayerState, now: Date): Refusal | null {
  if (!isRunning(p, now)) return { code: ErrorCode.UNPROCESSABLE, key: 'promotionNotRunning' };
  if (state.vipLevel < p.minVipLevel) {
    return { code: ErrorCode.UNPROCESSABLE, key: 'promotionVipTooLow', params: { level: p.minVipLevel } };
  }
  if (state.current.has(p.id)) return { code: ErrorCode.CONFLICT, key: 'promotionApplied' };
  // Bonuses of one kind do not stack: the deposit page offers one choice, withdrawals one waiver.
  const joined = state.joinedTypes.get(p.type);
  if (joined !== undefined && joined !== p.id) return { code: ErrorCode.CONFLICT, key: 'promotionTypeJoined' };
  if (p.type === 'first_deposit' && state.firstDeposit) {
    return { code: ErrorCode.UNPROCESSABLE, key: 'promotionFirstDepositDone' };
  }
  return null;
}

export const refusalError = (r: Refusal): AppError => new AppError(r.code, r.key, r.params);
export const refusalText = (r: Refusal, lang: Lang): string => serverErrorText(r.key, lang, r.params);
