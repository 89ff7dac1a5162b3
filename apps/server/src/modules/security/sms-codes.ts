import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode, security } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { windowRetryAfter } from '../../platform/failure-lockout.js';
import { sha256 } from '../../platform/tokens.js';
import { smsProviderOf } from './sms-provider.js';
import { smsCodes } from './tables.js';

type Purpose = security.SmsPurpose;

const RESEND_MS = security.SMS_RESEND_SECONDS * 1000;
const TTL_MS = security.SMS_CODE_TTL_SECONDS * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Advisory-lock namespaces: sends to one mobile, and from one address, run one at a time. */
const IP_LOCK = 7_204_901;
const MOBILE_LOCK = 7_204_902;

const PURPOSE_TEXT: Record<Purpose, string> = {
  bind: '绑定手机号',
  change: '更换手机号',
  fund: '重置资金密码',
  reset: '找回登录密码',
  agent: '重置代理密码',
};

export interface SendInput {
  purpose: Purpose;
  mobile: string;
  /** Whose code; null: a reset whose name and mobile do not match (counted, nothing sent). */
  userId: number | null;
  /** The client's key (platform/ip-key.ts: an IPv6 client by its /64), counted and stored. */
  ip: string;
}

/**
 * Sends a code after the limits: 60 s since the last code to the mobile, 10 in 24 hours per
 * mobile and per address (429 with retryAfter). The row is written first, so a concurrent send
 * sees it; when the provider fails the row is deleted again (not counted) and the player gets a
 * 422 saying so.
 */
export async function sendCode(
  ctx: AppContext,
  input: SendInput,
  log: FastifyBaseLogger,
): Promise<{ resendAfter: number; expiresIn: number }> {
  const provider = smsProviderOf(ctx.sms, ctx.db, ctx.now);
  if (!provider) throw new AppError(ErrorCode.UNPROCESSABLE, 'smsUnavailable');
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, IP_LOCK, input.ip);
    await lockKey(tx, MOBILE_LOCK, input.mobile);
    await refuseOverLimits(tx, input, now);
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobile: input.mobile,
        purpose: input.purpose,
        userId: input.userId,
        codeHash: input.userId === null ? null : codeHash(input.mobile, code),
        ip: input.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TTL_MS),
      })
      .returning({ id: smsCodes.id });
    if (!row) throw new Error('sms code insert returned no row');
    return row.id;
  });
  if (input.userId !== null) {
    try {
      await provider.send({ mobile: input.mobile, text: messageText(input.purpose, code) });
    } catch (err) {
      await ctx.db.delete(smsCodes).where(eq(smsCodes.id, id));
      log.warn({ err, purpose: input.purpose }, 'SMS provider failed');
      throw new AppError(ErrorCode.UNPROCESSABLE, 'smsSendFailed');
    }
  }
  return { resendAfter: security.SMS_RESEND_SECONDS, expiresIn: security.SMS_CODE_TTL_SECONDS };
}

const messageText = (purpose: Purpose, code: string) =>
  `【Breakshot】验证码 ${code}，用于${PURPOSE_TEXT[purpose]}，${security.SMS_CODE_TTL_SECONDS / 60} 分钟内有效。请勿告诉他人。`;

async function refuseOverLimits(db: Conn, input: SendInput, now: Date): Promise<void> {
  // One code per RESEND_MS to a mobile.
  const seconds = await windowRetryAfter(db, smsCodes.createdAt, eq(smsCodes.mobile, input.mobile), 1, RESEND_MS, now);
  if (seconds > 0) {
    throw new AppError(ErrorCode.TOO_MANY, 'smsTooSoon', { seconds }, { retryAfter: seconds });
  }
  for (const scope of [eq(smsCodes.mobile, input.mobile), eq(smsCodes.ip, input.ip)]) {
    // Seconds until the oldest of the last SMS_DAILY_LIMIT codes leaves the 24 hours, or 0.
    const retryAfter = await windowRetryAfter(db, smsCodes.createdAt, scope, security.SMS_DAILY_LIMIT, DAY_MS, now);
    if (retryAfter > 0) {
      throw new AppError(ErrorCode.TOO_MANY, 'smsDailyLimit', { hours: Math.ceil(retryAfter / 3600) }, { retryAfter });
    }
  }
}

export interface CodeCheck {
  purpose: Purpose;
  mobile: string;
  /** Who presents it; null: nobody (a reset whose name and mobile do not match: always wrong). */
  userId: number | null;
  code: string;
  /** The request field the code came in, named by the error. */
  field: string;
}

/**
 * Checks a code in the caller's transaction against the newest one sent to the mobile for the
 * purpose (and, but for resets, to this player: another's code is never found). A wrong code
 * counts a try (written even though the caller's check fails: the caller returns the error and
 * throws it after commit); the fifth kills the code. Right: the row's id (to `useCode` once the
 * caller's other checks pass) and its player.
 */
export async function checkCode(
  tx: Tx,
  check: CodeCheck,
  now: Date,
): Promise<{ id: number; userId: number } | AppError> {
  const scope = [eq(smsCodes.mobile, check.mobile), eq(smsCodes.purpose, check.purpose)];
  // A reset's code is found by mobile alone, so a name that does not match counts tries alike.
  if (check.purpose !== 'reset') scope.push(eq(smsCodes.userId, check.userId ?? -1));
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(...scope))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for('update');
  const field = { field: check.field };
  if (!row || row.usedAt || row.expiresAt <= now) {
    return new AppError(ErrorCode.BAD_REQUEST, 'smsCodeExpired', undefined, field);
  }
  if (row.attempts >= security.SMS_MAX_TRIES)
    return new AppError(ErrorCode.BAD_REQUEST, 'smsCodeTries', undefined, field);
  const right =
    row.codeHash !== null &&
    row.userId === check.userId &&
    timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(codeHash(check.mobile, check.code)));
  if (right && row.userId !== null) return { id: row.id, userId: row.userId };
  const attempts = row.attempts + 1;
  await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, row.id));
  const left = security.SMS_MAX_TRIES - attempts;
  if (left <= 0) return new AppError(ErrorCode.BAD_REQUEST, 'smsCodeTries', undefined, field);
  return new AppError(ErrorCode.BAD_REQUEST, 'smsCodeWrong', { left }, field);
}

/** Uses a checked code up: it works once. */
export async function useCode(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, id));
}

function codeHash(mobile: string, code: string): string {
  return sha256(`${mobile}:${code}`);
}
