import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { ErrorCode, security } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn, type Tx } from '../../platform/db.js';
import { AppError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import {
  accountOfName,
  maskMobile,
  MOBILE_UNIQUE,
  mobileBoundElsewhere,
  mobileOf,
  replacePassword,
  storeMobile,
} from '../auth/service.js';
import { noteIdentifier } from '../player-risk/service.js';
import { replaceFundPassword } from '../withdrawals/service.js';
import { checkCode, sendCode, useCode, type CodeCheck } from './sms-codes.js';
import { passwordResetTokens } from './tables.js';

/*
 * What a player proves with an SMS code: that a mobile is theirs (bind, change), that they own
 * the account whose login password they forgot (reset), or the fund password they forgot (fund),
 * or an agent password (agent).
 */

type SendRequest = security.SendSmsCodeRequest;

/**
 * Sends the code of a request whose captcha (reset) or session (the others) is already checked.
 * `userId`: the session's player; null for a reset.
 */
export async function sendSmsCode(
  ctx: AppContext,
  input: SendRequest,
  who: { userId: number | null; ip: string },
  log: FastifyBaseLogger,
) {
  const send = (mobile: string, userId: number | null) =>
    sendCode(ctx, { purpose: input.purpose, mobile, userId, ip: who.ip }, log);
  if (input.purpose === 'reset') return send(input.mobile, await resetOwner(ctx.db, input));
  const userId = who.userId;
  if (userId === null) throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
  if (input.purpose === 'bind') {
    if ((await mobileOf(ctx.db, userId)) === input.mobile) throw mobileSame();
    if (await mobileBoundElsewhere(ctx.db, input.mobile, userId)) throw mobileTaken();
    return send(input.mobile, userId);
  }
  return send(await boundMobile(ctx.db, userId), userId);
}

/** The active account of the name when the mobile is its bound one; null otherwise (counted alike). */
async function resetOwner(db: Conn, input: { username: string; mobile: string }): Promise<number | null> {
  const account = await accountOfName(db, input.username);
  return account && account.status === 'active' && account.mobile === input.mobile ? account.id : null;
}

/**
 * Runs code checks and the change they guard in one transaction: `work` returns the error of a
 * failed check (thrown after commit, so the counted try stays) or the result.
 */
async function withCodes<T>(ctx: AppContext, work: (tx: Tx, now: Date) => Promise<T | AppError>): Promise<T> {
  const now = ctx.now();
  let result: T | AppError;
  try {
    result = await inTransaction(ctx.db, (tx) => work(tx, now));
  } catch (err) {
    // Two players binding one mobile at once: the unique index decides.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION && pgConstraint(err) === MOBILE_UNIQUE) throw mobileTaken();
    throw err;
  }
  if (result instanceof AppError) throw result;
  return result;
}

/** Step verify: name, its bound mobile and the reset code → a one-use token for step reset. */
export async function verifyReset(ctx: AppContext, input: { username: string; mobile: string; code: string }) {
  const owner = await resetOwner(ctx.db, input);
  return withCodes(ctx, async (tx, now) => {
    const checked = await checkCode(
      tx,
      { purpose: 'reset', mobile: input.mobile, userId: owner, code: input.code, field: 'code' },
      now,
    );
    if (checked instanceof AppError) return checked;
    await useCode(tx, checked.id, now);
    const token = newToken();
    await tx.insert(passwordResetTokens).values({
      tokenHash: sha256(token),
      userId: checked.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + security.RESET_TOKEN_TTL_SECONDS * 1000),
    });
    return { resetToken: token, expiresIn: security.RESET_TOKEN_TTL_SECONDS };
  });
}

/** Step reset: the token (once) and the new password; every session of the player ends. */
export async function resetPassword(ctx: AppContext, input: { resetToken: string; password: string }) {
  const passwordHash = await hashPassword(input.password, ctx.passwordHashing);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(input.resetToken)))
      .for('update');
    if (!row || row.usedAt || row.expiresAt <= now) {
      throw new AppError(ErrorCode.BAD_REQUEST, 'resetTokenInvalid', undefined, { field: 'resetToken' });
    }
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.tokenHash, row.tokenHash));
    const ended = await replacePassword(tx, row.userId, passwordHash, now);
    for (const sessionId of ended) await ctx.live.closeSession(sessionId, tx);
  });
  return {};
}

/** Binds a first mobile with its code. */
export async function bindMobile(ctx: AppContext, userId: number, input: { mobile: string; code: string }) {
  return withCodes(ctx, async (tx, now) => {
    if (await mobileOf(tx, userId)) throw new AppError(ErrorCode.CONFLICT, 'mobileAlreadyBound');
    return storeCheckedMobile(tx, now, userId, input);
  });
}

/** Changes the bound mobile: the current one's code (change) and the new one's (bind). */
export async function changeMobile(
  ctx: AppContext,
  userId: number,
  input: { oldCode: string; mobile: string; code: string },
) {
  const current = await boundMobile(ctx.db, userId);
  if (current === input.mobile) throw mobileSame();
  const old: CodeCheck = { purpose: 'change', mobile: current, userId, code: input.oldCode, field: 'oldCode' };
  return withCodes(ctx, (tx, now) => storeCheckedMobile(tx, now, userId, input, [old]));
}

/**
 * Stores `mobile` as the player's once it is free and every code passes: `first` in order, then
 * the new mobile's own (bind) code; each is used up only when all pass.
 */
async function storeCheckedMobile(
  tx: Tx,
  now: Date,
  userId: number,
  { mobile, code }: { mobile: string; code: string },
  first: CodeCheck[] = [],
): Promise<{ mobile: string } | AppError> {
  if (await mobileBoundElsewhere(tx, mobile, userId)) throw mobileTaken();
  const ids: number[] = [];
  for (const check of [...first, { purpose: 'bind' as const, mobile, userId, code, field: 'code' }]) {
    const checked = await checkCode(tx, check, now);
    if (checked instanceof AppError) return checked;
    ids.push(checked.id);
  }
  for (const id of ids) await useCode(tx, id, now);
  await storeMobile(tx, userId, mobile);
  await noteIdentifier(tx, userId, 'mobile', mobile, now);
  return { mobile: maskMobile(mobile) };
}

/** A new fund password with the bound mobile's code (purpose fund); a fund-password lockout is lifted. */
export async function resetFundPassword(
  ctx: AppContext,
  userId: number,
  input: { code: string; fundPassword: string },
) {
  const mobile = await boundMobile(ctx.db, userId);
  const fundPasswordHash = await hashPassword(input.fundPassword, ctx.passwordHashing);
  return withCodes(ctx, async (tx, now) => {
    const checked = await checkCode(tx, { purpose: 'fund', mobile, userId, code: input.code, field: 'code' }, now);
    if (checked instanceof AppError) return checked;
    await useCode(tx, checked.id, now);
    await replaceFundPassword(tx, userId, fundPasswordHash);
    return {};
  });
}

/**
 * Runs `change` in the transaction that checks a code of `purpose` sent to the player's bound
 * mobile (another module's reset, e.g. the agent passwords): the code is used up only when
 * `change` succeeds; a wrong one counts a try (kept) and is thrown. No bound mobile: 422.
 */
export async function withMobileCode<T>(
  ctx: AppContext,
  userId: number,
  purpose: Exclude<security.SmsPurpose, 'bind' | 'change' | 'reset'>,
  code: string,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  const mobile = await boundMobile(ctx.db, userId);
  return withCodes(ctx, async (tx, now) => {
    const checked = await checkCode(tx, { purpose, mobile, userId, code, field: 'code' }, now);
    if (checked instanceof AppError) return checked;
    await useCode(tx, checked.id, now);
    return change(tx);
  });
}

async function boundMobile(db: Conn, userId: number): Promise<string> {
  const mobile = await mobileOf(db, userId);
  if (!mobile) throw new AppError(ErrorCode.UNPROCESSABLE, 'mobileNotBound');
  return mobile;
}

const mobileTaken = () => new AppError(ErrorCode.CONFLICT, 'mobileTaken', undefined, { field: 'mobile' });
const mobileSame = () => new AppError(ErrorCode.BAD_REQUEST, 'mobileSame', undefined, { field: 'mobile' });
