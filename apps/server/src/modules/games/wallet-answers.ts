import { hub88 } from '@breakshot/contracts';

/* The wallet's answers, field for field as Hub88 names them; amounts in Hub88 units (cents × 1,000). */

type Status = hub88.Hub88Status;
export type Answer = hub88.Hub88Answer;

/**
 * The largest balance Hub88 units state exactly (2^53 − 1 units): a balance above it, which the
 * ledger can hold (up to 2^53 − 1 cents), is stated as this, less than it is, never more.
 */
const STATED_CENTS_MAX = Math.floor(Number.MAX_SAFE_INTEGER / hub88.HUB88_PER_CENT);

/** The answer of user/balance and of a transaction that went through. */
export const balanceAnswer = (user: string, requestUuid: string, currency: string, cents: number): Answer => ({
  user,
  status: 'RS_OK',
  request_uuid: requestUuid,
  currency,
  balance: Math.min(cents, STATED_CENTS_MAX) * hub88.HUB88_PER_CENT,
});

/** A refusal; the user when the request named one. */
export const refusal = (status: Exclude<Status, 'RS_OK'>, requestUuid: string, user?: string): Answer =>
  user === undefined ? { status, request_uuid: requestUuid } : { user, status, request_uuid: requestUuid };

/** A bet the balance does not cover: Hub88 wants the balance with it. */
export const notEnoughMoney = (user: string, requestUuid: string, currency: string, cents: number): Answer => ({
  ...balanceAnswer(user, requestUuid, currency, cents),
  status: 'RS_ERROR_NOT_ENOUGH_MONEY',
});

/** Hub88 units → whole cents (floor) and what is left below a cent. */
export function toCents(amount: number): { cents: number; remainder: number } {
  return { cents: Math.floor(amount / hub88.HUB88_PER_CENT), remainder: amount % hub88.HUB88_PER_CENT };
}
