import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, profile } from '@breakshot/contracts';
import type { PasswordHashing } from '../../platform/context.js';
import { inTransaction, type Conn, type Db, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import { getSysConfig } from '../system/service.js';
import { assertOwnUploads } from '../uploads/service.js';
import { users } from './tables.js';
import { localDate } from '../../platform/time-range.js';

/*
 * The player's own profile (contracts profile.ts). Every function changes the row of the
 * session's player only.
 */

export async function changeNickname(db: Db, userId: number, nickname: string): Promise<void> {
  await db.update(users).set({ nickname }).where(eq(users.id, userId));
}

export async function changeSex(db: Db, userId: number, sex: profile.Sex): Promise<void> {
  await db.update(users).set({ sex }).where(eq(users.id, userId));
}

/** The site's date today (YYYY-MM-DD in its time zone). */
async function siteToday(db: Db, now: Date): Promise<string> {
  return localDate(now, (await getSysConfig(db)).timeZone);
}

/** Sets the birthday once: 409 when already set, 400 when it is in the future or under 18. */
export async function changeBirthday(db: Db, userId: number, birthday: string, now: Date): Promise<void> {
  const problem = profile.birthdayProblem(birthday, await siteToday(db, now));
  if (problem === 'birthday.future') {
    throw new AppError(ErrorCode.BAD_REQUEST, 'birthdayFuture', undefined, { field: 'birthday' });
  }
  if (problem === 'birthday.adult') {
    throw new AppError(ErrorCode.BAD_REQUEST, 'birthdayUnderage', undefined, { field: 'birthday' });
  }
  // Only a row without one is updated, so two requests at once cannot both set it.
  const set = await db
    .update(users)
    .set({ birthday })
    .where(and(eq(users.id, userId), isNull(users.birthday)))
    .returning({ id: users.id });
  if (set.length === 0) throw new AppError(ErrorCode.CONFLICT, 'birthdayAlreadySet', undefined, { field: 'birthday' });
}

/** A preset avatar, or the player's own upload of purpose avatar. */
export async function changeAvatar(db: Db, userId: number, avatar: string): Promise<void> {
  // The contract lets through only a preset or an upload URL.
  if (!profile.isPresetAvatar(avatar)) await assertOwnUploads(db, userId, [avatar], 'avatar');
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
}

/** Checks the player's login password before a sensitive change: 400 naming `field` when wrong. */
export async function checkLoginPassword(db: Conn, userId: number, password: string, field: string): Promise<void> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
  if (!(await verifyPassword(user.hash, password))) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'passwordWrong', undefined, { field });
  }
}

/**
 * Checks the current password, stores the new one and ends every other session of the player
 * (this one stays). `onEnded` runs in the transaction for the ended sessions (their live
 * connections close when it commits).
 */
export async function changePassword(
  db: Db,
  session: { userId: number; sessionId: number },
  input: { oldPassword: string; password: string },
  options: { now: Date; passwordHashing: PasswordHashing; onEnded: (sessionIds: number[], tx: Tx) => Promise<void> },
): Promise<number> {
  await checkLoginPassword(db, session.userId, input.oldPassword, 'oldPassword');
  const passwordHash = await hashPassword(input.password, options.passwordHashing);
  return inTransaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, session.userId));
    const ended = await revokeUserSessions(tx, session.userId, options.now, session.sessionId);
    await options.onEnded(ended, tx);
    return ended.length;
  });
}
