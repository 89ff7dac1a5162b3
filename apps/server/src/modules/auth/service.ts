import { and, asc, eq, getTableName, gt, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ErrorCode, normalizeUsername, type auth, type UserInfo } from '@breakshot/contracts';
import type { AppContext, PasswordHashing } from '../../platform/context.js';
import { inTransaction, type Conn, type Db, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { createSession, revokeUserSessions, type Device } from '../../platform/sessions.js';
import { cashBalanceColumns } from '../wallet/service.js';
import {
  clearFailures,
  LOCK_WINDOW_MS,
  lockedFor,
  lockoutKey,
  recentFailures,
  recordFailure,
  serializeAttempts,
} from './lockout.js';
import {
  ATTACK_AT,
  clientBurst,
  passStepUp,
  powNeeded,
  recordAttempt,
  serializeClient,
  type GuardedInput,
  type StepUp,
} from './step-up.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { issueChallenge } from '../../platform/proof-of-work.js';
import { batchedRead } from '../../platform/batched-read.js';
import { preparedQuery } from '../../platform/prepared.js';
import { users, userTree } from './tables.js';

export interface AuthOptions {
  now: Date;
  passwordHashing: PasswordHashing;
  /** Where the request came from, kept with the session (the operator sees the player's devices). */
  device?: Device | undefined;
}

export interface LoginInput extends GuardedInput {
  username: string;
  password: string;
}

export interface LoginOptions extends AuthOptions {
  stepUp: StepUp;
}

type LoginOutcome = { user: typeof users.$inferSelect; error?: never } | { user?: never; error: AppError };

/**
 * Checks the captcha, the step-up and the password. Failures count per account and client: five
 * within 15 minutes lock that client out of the account (429 with retryAfter) until the window
 * passes, and no other client. An account with ATTACK_AT failures from anyone in the window asks
 * every client for a proof of work (step-up.ts), so its owner gets in with the right password and
 * the step-up while each guess costs more; its owner is told once per window. Attempts on one
 * account run one at a time, and so do one client's, so concurrent guesses cannot slip past the
 * counts. The right password ends the caller's own failures.
 */
export async function loginUser(ctx: AppContext, input: LoginInput, options: LoginOptions): Promise<{ token: string }> {
  const { db } = ctx;
  const { now, stepUp } = options;
  const { client } = stepUp;
  const user = await findByUsername(db, input.username);
  const key = lockoutKey(user, normalizeUsername(input.username));
  const outcome = await inTransaction(db, async (tx): Promise<LoginOutcome> => {
    await serializeAttempts(tx, key);
    await serializeClient(tx, client);
    const retryAfter = await lockedFor(tx, key, client, now);
    if (retryAfter > 0) return { error: lockedError(retryAfter) };
    const failures = await recentFailures(tx, key, now);
    const needed = powNeeded(stepUp.settings, await clientBurst(tx, client, now), failures.count);
    const refused = await passStepUp(tx, stepUp, input, 'login', needed, now);
    if (refused) return { error: refused };
    // Unknown names cost a hash too, so timing does not tell which names exist.
    const passwordHash = user?.passwordHash ?? (await dummyHash(options.passwordHashing));
    if (!(await verifyPassword(passwordHash, input.password)) || !user) {
      await recordFailure(tx, key, client, now);
      await recordAttempt(tx, client, now);
      if (user && failures.count + 1 >= ATTACK_AT) await alertOnce(tx, ctx, user.id, failures.count + 1, now, client);
      const locked = await lockedFor(tx, key, client, now);
      return { error: locked > 0 ? lockedError(locked) : new AppError(ErrorCode.BAD_REQUEST, 'loginFailed') };
    }
    await clearFailures(tx, key, client);
    return { user };
  });
  // A failure is committed before its refusal is thrown.
  if (outcome.error) throw outcome.error;
  return openSession(ctx, outcome.user, now, options.device);
}

/**
 * A login with another proof than the password (a passkey, modules/passkeys) under the password's
 * lockout: refused while the client is locked out of the account; a failed proof (`prove`
 * answers its refusal) counts as a wrong password does, alerts the owner as those do, and is
 * committed with whatever `prove` wrote (the challenge it used up); a good one ends the client's
 * failures. No captcha or proof of work: nothing here can be guessed.
 */
export async function loginWithProof(
  ctx: AppContext,
  userId: number,
  prove: (tx: Tx) => Promise<AppError | null>,
  options: { now: Date; client: string; device?: Device | undefined },
): Promise<{ token: string }> {
  const { now, client } = options;
  const key = lockoutKey({ id: userId }, '');
  const outcome = await inTransaction(ctx.db, async (tx): Promise<LoginOutcome> => {
    await serializeAttempts(tx, key);
    await serializeClient(tx, client);
    const retryAfter = await lockedFor(tx, key, client, now);
    if (retryAfter > 0) return { error: lockedError(retryAfter) };
    const refused = await prove(tx);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
    if (refused) {
      const failures = await recentFailures(tx, key, now);
      await recordFailure(tx, key, client, now);
      await recordAttempt(tx, client, now);
      if (failures.count + 1 >= ATTACK_AT) await alertOnce(tx, ctx, userId, failures.count + 1, now, client);
      const locked = await lockedFor(tx, key, client, now);
      return { error: locked > 0 ? lockedError(locked) : refused };
    }
    await clearFailures(tx, key, client);
    return { user };
  });
  if (outcome.error) throw outcome.error;
  return openSession(ctx, outcome.user, now, options.device);
}

/**
 * The session of a player who proved who they are: a disabled account is refused, and so is
 * whatever the 'player.logging-in' subscribers refuse (a self-exclusion); these come only after
 * the proof, so nothing is shown to anyone guessing.
 */
async function openSession(
  ctx: AppContext,
  user: typeof users.$inferSelect,
  now: Date,
  device: Device | undefined,
): Promise<{ token: string }> {
  if (user.status !== 'active') throw new AppError(ErrorCode.FORBIDDEN, 'accountDisabled');
  return inTransaction(ctx.db, async (tx) => {
    await ctx.events.emit(tx, ctx, 'player.logging-in', { userId: user.id, at: now });
    const { token } = await createSession(tx, user.id, now, device);
    return { token };
  });
}

/**
 * A proof-of-work challenge for the call a client is about to make (captcha/challenge): as large
 * as that call needs now (a login's account counts through `username`), at least the first step.
 */
export async function challengeFor(
  db: Db,
  stepUp: StepUp,
  input: { purpose: auth.PowPurpose; username?: string | undefined },
  now: Date,
) {
  let failures = 0;
  if (input.purpose === 'login' && input.username) {
    const key = lockoutKey(await findByUsername(db, input.username), normalizeUsername(input.username));
    failures = (await recentFailures(db, key, now)).count;
  }
  const needed = powNeeded(stepUp.settings, await clientBurst(db, stepUp.client, now), failures);
  return issueChallenge(stepUp.secrets, input.purpose, needed ?? stepUp.settings.base, now);
}

/** Tells the owner of the failures (the newest: this one) unless they were told within the window. */
async function alertOnce(tx: Tx, ctx: AppContext, userId: number, failures: number, now: Date, client: string) {
  const toldBefore = new Date(now.getTime() - LOCK_WINDOW_MS);
  const [due] = await tx
    .update(users)
    .set({ loginAlertAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.loginAlertAt), lte(users.loginAlertAt, toldBefore))))
    .returning({ id: users.id });
  if (due)
    await ctx.events.emit(tx, ctx, 'login.failures', {
      userId,
      count: failures,
      at: now,
      client,
    });
}

/**
 * "users"."id" in full: in a one-table select Drizzle writes "id", which the balance's subquery
 * over accounts would take for its own.
 */
const userIdInFull = sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`;

const userInfoByIds = preparedQuery((db) =>
  db
    .select({ user: users, ...cashBalanceColumns(userIdInFull) })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.placeholder('ids')}::bigint[])`)
    .prepare('user_info_by_ids'),
);

/** The rows of the user/info calls in flight, read together (the call every page makes). */
const userInfoRow = batchedRead(async (db, ids: number[]) => {
  const rows = await userInfoByIds(db).execute({ ids });
  return new Map(rows.map((row) => [row.user.id, row]));
});

/** The player's row and cash balance, read in one statement with the other calls in flight. */
export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const row = await userInfoRow(db, userId);
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
  const { user, balance, frozen } = row;
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    balance,
    frozen,
    vipLevel: user.vipLevel,
    mobile: user.mobile ? maskMobile(user.mobile) : null,
    inviteCode: user.inviteCode,
    hasFundPassword: user.fundPasswordHash !== null,
    createdAt: user.createdAt.toISOString(),
    sex: user.sex,
    birthday: user.birthday,
  };
}

/** The user's agents (invite-tree ancestors), nearest first. */
export async function agentChainOf(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userTree.ancestorId })
    .from(userTree)
    .where(and(eq(userTree.descendantId, userId), gt(userTree.depth, 0)))
    .orderBy(asc(userTree.depth));
  return rows.map((r) => r.id);
}

/**
 * agentChainOf as an SQL value (a bigint array), so that the row that keeps the chain (a bet)
 * is written with it in one statement.
 */
export const agentChainValue = (userId: number | SQLWrapper): SQL =>
  sql`(SELECT coalesce(array_agg(${userTree.ancestorId} ORDER BY ${userTree.depth}), '{}')
       FROM ${userTree} WHERE ${userTree.descendantId} = ${userId} AND ${userTree.depth} > 0)`;

/**
 * depthBelow on the pool, the reads of the requests in flight gathered into one statement
 * (batched-read.ts): each agent transfer asks it before its batch.
 */
export async function depthBelowGathered(db: Db, ancestorId: number, descendantId: number): Promise<number | null> {
  return (await depthsOfPairs(db, `${ancestorId} ${descendantId}`)) ?? null;
}

const depthsOfPairs = batchedRead(async (db, pairs: string[]) => {
  const [ancestors, descendants] = [0, 1].map((side) => `{${pairs.map((p) => Number(p.split(' ')[side])).join(',')}}`);
  const rows = await db
    .select()
    .from(userTree)
    .where(
      sql`(${userTree.ancestorId}, ${userTree.descendantId}) IN
          (SELECT * FROM unnest(${ancestors}::bigint[], ${descendants}::bigint[]))`,
    );
  return new Map(rows.map((r) => [`${r.ancestorId} ${r.descendantId}`, r.depth]));
});

/** How far `descendantId` sits below `ancestorId` in the invite tree (0: the same player), or null. */
export async function depthBelow(db: Conn, ancestorId: number, descendantId: number): Promise<number | null> {
  const [row] = await db
    .select({ depth: userTree.depth })
    .from(userTree)
    .where(and(eq(userTree.ancestorId, ancestorId), eq(userTree.descendantId, descendantId)));
  return row?.depth ?? null;
}

/** 13800138000 → 138****8000 */
export function maskMobile(mobile: string): string {
  if (mobile.length < 7) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

const lockedError = (retryAfter: number) =>
  new AppError(ErrorCode.TOO_MANY, 'loginLocked', { minutes: Math.ceil(retryAfter / 60) }, { retryAfter });

/** The account a name finds: stored names are ASCII, compared with the normalised name tried. */
export function findByUsername(db: Conn, username: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${normalizeUsername(username)}`)
    .then((rows) => rows[0]);
}

/**
 * accountOfName's id and status as a query (no row: no such player), so that a caller reads them
 * within its own statement (the provider wallet's bet reads them with its locks).
 */
export const accountOfNameQuery = (username: string): SQL =>
  sql`SELECT ${users.id} AS id, ${users.status} AS status FROM ${users}
      WHERE lower(${users.username}) = ${normalizeUsername(username)}`;

const dummyHashes = new Map<string, Promise<string>>();

function dummyHash(cost: PasswordHashing): Promise<string> {
  const key = JSON.stringify(cost);
  let hashed = dummyHashes.get(key);
  if (!hashed) {
    hashed = hashPassword('not-a-password-0', cost);
    dummyHashes.set(key, hashed);
  }
  return hashed;
}

export type AccountStatus = (typeof users.$inferSelect)['status'];

/**
 * Sets a player's account status in the caller's transaction. Disabling ends every session;
 * returns the ended session ids (their live connections are closed by the caller).
 */
export async function setAccountStatus(
  tx: Tx,
  username: string,
  status: AccountStatus,
  now: Date,
): Promise<{ userId: number; username: string; previousStatus: AccountStatus; endedSessions: number[] }> {
  // Locked, so the status read is the one this update replaces.
  const [user] = await tx
    .select({ id: users.id, username: users.username, status: users.status })
    .from(users)
    .where(sql`lower(${users.username}) = ${normalizeUsername(username)}`)
    .for('update');
  if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  await tx.update(users).set({ status }).where(eq(users.id, user.id));
  const endedSessions = status === 'disabled' ? await revokeUserSessions(tx, user.id, now) : [];
  return { userId: user.id, username: user.username, previousStatus: user.status, endedSessions };
}

/*
 * What other modules ask of the players' table (only auth reads or writes it).
 */

/** The player a name finds (case-insensitively), as id and stored name; undefined: none. */
export async function findPlayer(db: Conn, username: string): Promise<{ id: number; username: string } | undefined> {
  const user = await findByUsername(db, username);
  return user && { id: user.id, username: user.username };
}

/** Player names by id, for lists that show who (operator queues). */
export async function usernamesOf(db: Conn, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function vipLevelOf(db: Conn, userId: number): Promise<number> {
  // execute(): sent when called (platform/db.ts, together()).
  const [row] = await db.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, userId)).execute();
  return row?.vipLevel ?? 0;
}

/** Sets the player's VIP level, in the caller's transaction (the VIP module decides it). */
export async function setVipLevel(tx: Tx, userId: number, level: number): Promise<void> {
  await tx.update(users).set({ vipLevel: level }).where(eq(users.id, userId));
}

/** Active players at one of the levels, by id after `afterId`, at most `limit` (a job's batches). */
export function activePlayersAtLevels(
  db: Conn,
  levels: number[],
  afterId: number,
  limit: number,
): Promise<{ id: number; vipLevel: number }[]> {
  if (levels.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, vipLevel: users.vipLevel })
    .from(users)
    .where(and(inArray(users.vipLevel, levels), eq(users.status, 'active'), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** The stored hashes of the login and fund passwords (withdrawals checks them); undefined: no player. */
export async function passwordHashesOf(
  db: Conn,
  userId: number,
): Promise<{ passwordHash: string; fundPasswordHash: string | null } | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, fundPasswordHash: users.fundPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Stores a new fund password hash, in the caller's transaction. */
export async function storeFundPasswordHash(tx: Tx, userId: number, fundPasswordHash: string): Promise<void> {
  await tx.update(users).set({ fundPasswordHash }).where(eq(users.id, userId));
}

/** The account of a name (case-insensitively) with its bound mobile; undefined: none. */
export async function accountOfName(
  db: Conn,
  username: string,
): Promise<{ id: number; mobile: string | null; status: AccountStatus } | undefined> {
  const user = await findByUsername(db, username);
  return user && { id: user.id, mobile: user.mobile, status: user.status };
}

/** The player's bound mobile, unmasked (null: none bound). */
export async function mobileOf(db: Conn, userId: number): Promise<string | null> {
  const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  return row?.mobile ?? null;
}

/** Whether a mobile is bound to an account other than `userId`. */
export async function mobileBoundElsewhere(db: Conn, mobile: string, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return row !== undefined && row.id !== userId;
}

/** The unique index of users.mobile (drizzle/0016): a mobile bound twice at once fails on it. */
export const MOBILE_UNIQUE = 'users_mobile';

/** Binds (or changes) the player's mobile in the caller's transaction. */
export async function storeMobile(tx: Tx, userId: number, mobile: string): Promise<void> {
  await tx.update(users).set({ mobile }).where(eq(users.id, userId));
}

/**
 * A new login password (forgotten-password reset) in the caller's transaction: stored, the
 * login lockout lifted, every session ended. Returns the ended session ids (to close their
 * live connections after commit).
 */
export async function replacePassword(tx: Tx, userId: number, passwordHash: string, now: Date): Promise<number[]> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  // Every client's failures: the guesses were at the old password.
  await clearFailures(tx, lockoutKey({ id: userId }, ''));
  return revokeUserSessions(tx, userId, now);
}

export {
  changeAvatar,
  changeBirthday,
  changeNickname,
  changePassword,
  changeSex,
  checkLoginPassword,
} from './profile.js';
export { createPlayer, inviterId, newPlayerPasswordHash, withUniqueName } from './new-player.js';
export { admitRegistration, stepUpOf } from './step-up.js';
export { listPlayers, newPlayersByDay, playerProfile, playersByIds, type PlayerFilter } from './operator-views.js';
export { playersOfTree, teamSizesOf, treePlayersByIds, type TreeFilter, type TreePlayer } from './tree-views.js';
export {
  inviteCodeOf,
  memberRecord,
  teamCounts,
  teamOf,
  topTeamsOfPlayers,
  uplinesOf,
  type TeamScope,
} from './team-views.js';
