import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { passwordHashesOf, storeFundPasswordHash } from '../auth/service.js';
import { fundPasswordFailures } from './tables.js';

/** Wrong attempts within LOCK_WINDOW_MS that lock withdrawals and account changes. */
export const MAX_FUND_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/** Advisory-lock namespace: fund-password checks of one player run one at a time. */
const FUND_LOCK = 7_204_812;

/** Seconds until fund-password checks are allowed again, or 0. */
export async function fundLockedFor(db: Conn, userId: number, now: Date): Promise<number> {
  const recent = await db
    .select({ at: fundPasswordFailures.at })
    .from(fundPasswordFailures)
    .where(
      and(
        eq(fundPasswordFailures.userId, userId),
        gt(fundPasswordFailures.at, new Date(now.getTime() - LOCK_WINDOW_MS)),
      ),
    )
    .orderBy(desc(fundPasswordFailures.at))
    .limit(MAX_FUND_FAILURES);
  const oldest = recent[MAX_FUND_FAILURES - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.at.getTime() + LOCK_WINDOW_MS - now.getTime()) / 1000));
}

export async function hasFundPassword(db: Conn, userId: number): Promise<boolean> {
  return Boolean((await passwordHashesOf(db, userId))?.fundPasswordHash);
}

/**
 * Checks the fund password before a withdrawal or an account change: 429 while locked (even for
 * the right password), 422 when none is set, 400 for a wrong one (the fifth wrong one locks).
 */
export async function checkFundPassword(ctx: AppContext, userId: number, fundPassword: string): Promise<void> {
  await guarded(ctx, userId, async (tx, fail) => {
    const hash = (await passwordHashesOf(tx, userId))?.fundPasswordHash;
    if (!hash) return new AppError(ErrorCode.UNPROCESSABLE, 'fundPasswordNotSet');
    if (!(await verifyPassword(hash, fundPassword))) return fail('fundPasswordWrong', 'fundPassword');
    return null;
  });
}

/**
 * Sets the fund password, or changes it: the login password always, the current fund password
 * for a change. Wrong ones count towards the lock like any fund-password check.
 */
export async function setFundPassword(
  ctx: AppContext,
  userId: number,
  input: { password: string; fundPassword: string; oldFundPassword?: string | undefined },
): Promise<void> {
  await guarded(ctx, userId, async (tx, fail) => {
    const user = await passwordHashesOf(tx, userId);
    if (!user) return new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
    if (!(await verifyPassword(user.passwordHash, input.password))) return fail('passwordWrong', 'password');
    if (user.fundPasswordHash) {
      if (!input.oldFundPassword) {
        return new AppError(ErrorCode.BAD_REQUEST, 'oldFundPasswordRequired', undefined, { field: 'oldFundPassword' });
      }
      if (!(await verifyPassword(user.fundPasswordHash, input.oldFundPassword)))
        return fail('fundPasswordWrong', 'oldFundPassword');
    }
    const fundPasswordHash = await hashPassword(input.fundPassword, ctx.passwordHashing);
    await storeFundPasswordHash(tx, userId, fundPasswordHash);
    return null;
  });
}

/**
 * A new fund password after the player proved the bound mobile (security module's SMS reset), in
 * the caller's transaction: stored, and the wrong-password lockout lifted.
 */
export async function replaceFundPassword(tx: Tx, userId: number, fundPasswordHash: string): Promise<void> {
  await lockKey(tx, FUND_LOCK, userId);
  await storeFundPasswordHash(tx, userId, fundPasswordHash);
  await tx.delete(fundPasswordFailures).where(eq(fundPasswordFailures.userId, userId));
}

type Fail = (key: 'fundPasswordWrong' | 'passwordWrong', field: string) => Promise<AppError>;

/**
 * Runs a password check under the player's fund lock: refused while locked; `check` returns the
 * error to throw (after commit, so recorded failures stay) or null for success, which clears the
 * failures.
 */
async function guarded(
  ctx: AppContext,
  userId: number,
  check: (tx: Tx, fail: Fail) => Promise<AppError | null>,
): Promise<void> {
  const now = ctx.now();
  const error = await inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, FUND_LOCK, userId);
    const lockedFor = await fundLockedFor(tx, userId, now);
    if (lockedFor > 0) return lockedError(lockedFor);
    const fail: Fail = async (key, field) => {
      await tx.insert(fundPasswordFailures).values({ userId, at: now });
      const retryAfter = await fundLockedFor(tx, userId, now);
      if (retryAfter > 0) return lockedError(retryAfter);
      const left = MAX_FUND_FAILURES - (await failuresInWindow(tx, userId, now));
      return new AppError(ErrorCode.BAD_REQUEST, key, { left }, { field });
    };
    const result = await check(tx, fail);
    if (!result) await tx.delete(fundPasswordFailures).where(eq(fundPasswordFailures.userId, userId));
    return result;
  });
  if (error) throw error;
}

async function failuresInWindow(db: Conn, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fundPasswordFailures)
    .where(
      and(
        eq(fundPasswordFailures.userId, userId),
        gt(fundPasswordFailures.at, new Date(now.getTime() - LOCK_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

function lockedError(retryAfter: number): AppError {
  return new AppError(
    ErrorCode.TOO_MANY,
    'fundPasswordLocked',
    { minutes: Math.ceil(retryAfter / 60) },
    { retryAfter },
  );
}
