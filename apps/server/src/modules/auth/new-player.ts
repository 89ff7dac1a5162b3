import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, normalizeUsername } from '@breakshot/contracts';
import type { PasswordHashing } from '../../platform/context.js';
import type { Conn, Db, Tx } from '../../platform/db.js';
import { AppError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import { openCashAccount } from '../wallet/service.js';
import { users, userTree } from './tables.js';

/*
 * A new player's account: the row, its place in the invite tree (closure rows) and its cash
 * account. Where a registration places the player (an invite link's terms, a player's own code)
 * is the agents module's (agents/registration.ts), which sits above auth (docs/architecture.md).
 */

export interface NewPlayer {
  username: string;
  passwordHash: string;
  /** The invite tree's parent: the owner of the invite code, null at the root. */
  parentId: number | null;
  now: Date;
}

/** The player row, its closure rows (itself and every ancestor) and its cash account. */
export async function createPlayer(tx: Tx, p: NewPlayer): Promise<number> {
  const { parentId } = p;
  const [user] = await tx
    .insert(users)
    .values({
      username: p.username,
      passwordHash: p.passwordHash,
      nickname: p.username,
      inviteCode: await freeInviteCode(tx),
      parentId,
      createdAt: p.now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned no row');
  await tx.insert(userTree).values({ ancestorId: user.id, descendantId: user.id, depth: 0 });
  if (parentId !== null) {
    await tx.execute(sql`
      INSERT INTO user_tree (ancestor_id, descendant_id, depth)
      SELECT ancestor_id, ${user.id}, depth + 1 FROM user_tree WHERE descendant_id = ${parentId}`);
  }
  await openCashAccount(tx, user.id);
  return user.id;
}

/** The password's hash once the name is known to be free (409 'usernameTaken' otherwise). */
export async function newPlayerPasswordHash(
  db: Db,
  input: { username: string; password: string },
  cost: PasswordHashing,
): Promise<string> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${normalizeUsername(input.username)}`);
  if (taken) throw usernameTaken();
  return hashPassword(input.password, cost);
}

/** Two accounts of one name made at once: the unique index decides, the loser gets 409. */
export async function withUniqueName<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION && pgConstraint(err) === 'users_username_lower') throw usernameTaken();
    throw err;
  }
}

/** The owner of a player's own invite code (400 'inviteCodeUnknown' when none has it). */
export async function inviterId(db: Conn, inviteCode: string): Promise<number> {
  const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode));
  if (!inviter) throw new AppError(ErrorCode.BAD_REQUEST, 'inviteCodeUnknown', undefined, { field: 'inviteCode' });
  return inviter.id;
}

const INVITE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random 6-character code not yet in use (36^6 codes: a clash is rare, so retry). */
async function freeInviteCode(db: Conn): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 6 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
    if (!taken) return code;
  }
}

const usernameTaken = () => new AppError(ErrorCode.CONFLICT, 'usernameTaken', undefined, { field: 'username' });
