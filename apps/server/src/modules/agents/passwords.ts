import { and, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode, type agent, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import {
  beforeCommit,
  inTransaction,
  isAnyOf,
  lockKey,
  lockKeys,
  together,
  type Conn,
  type Tx,
} from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { LOCK_WINDOW_MS, MAX_FAILURES, retryAfterOf, windowRetryAfter } from '../../platform/failure-lockout.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { verifyRecalledPassword } from '../../platform/password-recall.js';
import { passwordHashesOf } from '../auth/service.js';
import { withMobileCode } from '../security/service.js';
import { agentPasswordFailures, agentProfiles } from './tables.js';

/*
 * The agent's security password (guards rates and opening accounts) and recharge password
 * (guards transfers): argon2id hashes on the agent profile; wrong attempts counted per player and
 * kind, five within 15 minutes lock that kind (like the fund password, withdrawals/fund-password.ts).
 */

type Kind = agent.AgentPasswordKind;

/** Advisory-lock namespace: one player's agent-password checks and changes run one at a time. */
export const AGENT_PASSWORD_LOCK = 7_204_841;

const NAMES: Record<Kind, Record<Lang, string>> = {
  security: { 'zh-CN': '安全密码', en: 'security password' },
  recharge: { 'zh-CN': '充值密码', en: 'recharge password' },
};

/** The request field a check of the kind reads its password from. */
const FIELD: Record<Kind, string> = { security: 'securityPassword', recharge: 'rechargePassword' };

const HASH_COLUMN = {
  security: agentProfiles.securityPasswordHash,
  recharge: agentProfiles.rechargePasswordHash,
} as const;

/** Which of the two passwords the player has set. */
export async function agentPasswordsSet(db: Conn, userId: number): Promise<Record<Kind, boolean>> {
  const [row] = await db
    .select({ security: agentProfiles.securityPasswordHash, recharge: agentProfiles.rechargePasswordHash })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, userId));
  return { security: Boolean(row?.security), recharge: Boolean(row?.recharge) };
}

/**
 * Checks the password of `kind` before the action it guards: 429 'agentPasswordLocked' while
 * locked (even for the right one), 422 'agentPasswordNotSet' when none is set, 400
 * 'agentPasswordWrong' for a wrong one (committed before the refusal; the fifth locks). `lang`
 * names the password in the message.
 */
export async function checkAgentPassword(
  ctx: AppContext,
  userId: number,
  kind: Kind,
  password: string,
  lang: Lang = 'zh-CN',
): Promise<void> {
  await guarded(ctx, userId, kind, lang, passwordCheck(kind, password, lang));
}

/** A check of a batch (passwordsPassIn): whose password, and the one given. */
export interface PasswordCheck {
  userId: number;
  password: string;
}

/**
 * The password checks of many players at once, for actions in the caller's transaction: their
 * locks (in id order) and reads in one round trip; whether every check passed, their failures then
 * cleared with the COMMIT in one statement. Nothing is written for a refused one (locked, not
 * set, wrong): the caller refuses nothing in the batch and checks each again on its own
 * (checkAgentPassword), which answers and writes the refusal.
 */
export async function passwordsPassIn(tx: Tx, ctx: AppContext, kind: Kind, checks: PasswordCheck[]): Promise<boolean> {
  const now = ctx.now();
  const userIds = [...new Set(checks.map((c) => c.userId))];
  const [, failures, hashes] = await together(
    tx,
    () => lockKeys(tx, AGENT_PASSWORD_LOCK, userIds),
    () => failuresInWindowOf(tx, userIds, kind, now),
    () => storedHashesOf(tx, userIds, kind),
  );
  for (const { userId, password } of checks) {
    if (retryAfterOf(failures.get(userId) ?? [], MAX_FAILURES, LOCK_WINDOW_MS, now) > 0) return false;
    const hash = hashes.get(userId);
    if (!hash || !(await rightPassword(kind, hash, password))) return false;
  }
  beforeCommit(tx, () => clearFailuresOf(tx, userIds, kind), { oneStatement: true });
  return true;
}

/** The recharge password guards every transfer: argon2 once, then recalled (password-recall.ts). */
const rightPassword = (kind: Kind, hash: string, password: string) =>
  kind === 'recharge' ? verifyRecalledPassword(hash, password) : verifyPassword(hash, password);

const passwordCheck =
  (kind: Kind, password: string, lang: Lang): Check =>
  async (_tx, fail, hash) => {
    if (!hash) return new AppError(ErrorCode.UNPROCESSABLE, 'agentPasswordNotSet', { name: NAMES[kind][lang] });
    if (!(await rightPassword(kind, hash, password))) return fail('agentPasswordWrong', FIELD[kind]);
    return null;
  };

/**
 * Sets the password of `kind`, or changes it: the login password always, the current one of the
 * kind for a change (400 'agentOldPasswordRequired' without). Wrong ones count towards the lock.
 */
export async function setAgentPassword(
  ctx: AppContext,
  userId: number,
  kind: Kind,
  input: { loginPassword: string; oldPassword?: string | undefined; newPassword: string },
  lang: Lang,
): Promise<{ set: true }> {
  const newHash = await hashPassword(input.newPassword, ctx.passwordHashing);
  await guarded(ctx, userId, kind, lang, async (tx, fail, current) => {
    const login = await passwordHashesOf(tx, userId);
    if (!login) return new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
    if (!(await verifyPassword(login.passwordHash, input.loginPassword))) return fail('passwordWrong', 'loginPassword');
    if (current) {
      if (!input.oldPassword) {
        return new AppError(
          ErrorCode.BAD_REQUEST,
          'agentOldPasswordRequired',
          { name: NAMES[kind][lang] },
          { field: 'oldPassword' },
        );
      }
      if (!(await verifyPassword(current, input.oldPassword))) return fail('agentPasswordWrong', 'oldPassword');
    }
    await storeHash(tx, userId, kind, newHash, ctx.now());
    return null;
  });
  return { set: true };
}

/**
 * A new password of `kind` with a code sent to the bound mobile (purpose agent): stored, the
 * code used up and that kind's lock lifted, in one transaction.
 */
export async function resetAgentPassword(
  ctx: AppContext,
  userId: number,
  input: { kind: Kind; code: string; newPassword: string },
): Promise<{ set: true }> {
  const newHash = await hashPassword(input.newPassword, ctx.passwordHashing);
  await withMobileCode(ctx, userId, 'agent', input.code, async (tx) => {
    await lockKey(tx, AGENT_PASSWORD_LOCK, userId);
    await storeHash(tx, userId, input.kind, newHash, ctx.now());
    await clearFailures(tx, userId, input.kind);
  });
  return { set: true };
}

async function storedHash(db: Conn, userId: number, kind: Kind): Promise<string | null> {
  // execute(): sent when called (platform/db.ts, together()).
  const [row] = await db
    .select({ hash: HASH_COLUMN[kind] })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, userId))
    .execute();
  return row?.hash ?? null;
}

async function storeHash(tx: Tx, userId: number, kind: Kind, hash: string, now: Date): Promise<void> {
  const set =
    kind === 'security'
      ? { securityPasswordHash: hash, updatedAt: now }
      : { rechargePasswordHash: hash, updatedAt: now };
  await tx
    .insert(agentProfiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: agentProfiles.userId, set });
}

type Fail = (key: 'agentPasswordWrong' | 'passwordWrong', field: string) => Promise<AppError>;
/** A check under the lock: its refusal, or null. */
type Check = (tx: Tx, fail: Fail, stored: string | null) => Promise<AppError | null>;

/**
 * Runs a password check under the player's lock: refused while `kind` is locked; `check`, given
 * the stored hash of `kind` (null: not set), returns the error to throw (after commit, so a
 * recorded failure stays) or null for success, which clears that kind's failures.
 */
async function guarded(ctx: AppContext, userId: number, kind: Kind, lang: Lang, check: Check): Promise<void> {
  const error = await inTransaction(ctx.db, (tx) => guardedIn(tx, ctx, userId, kind, lang, check));
  if (error) throw error;
}

/** guarded on the caller's transaction: the error to throw, or null. */
async function guardedIn(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  kind: Kind,
  lang: Lang,
  check: Check,
): Promise<AppError | null> {
  const now = ctx.now();
  const locked = (retryAfter: number) => lockedError(kind, lang, retryAfter);
  // The lock and what it guards in one round trip; the failures cleared with the COMMIT.
  const [, lockedFor, stored] = await together(
    tx,
    () => lockKey(tx, AGENT_PASSWORD_LOCK, userId),
    () => lockedForOf(tx, userId, kind, now),
    () => storedHash(tx, userId, kind),
  );
  if (lockedFor > 0) return locked(lockedFor);
  const fail: Fail = async (key, field) => {
    await tx.insert(agentPasswordFailures).values({ userId, kind, at: now });
    const retryAfter = await lockedForOf(tx, userId, kind, now);
    if (retryAfter > 0) return locked(retryAfter);
    const left = MAX_FAILURES - (await failuresInWindow(tx, userId, kind, now));
    return new AppError(ErrorCode.BAD_REQUEST, key, { name: NAMES[kind][lang], left }, { field });
  };
  const result = await check(tx, fail, stored);
  if (!result) beforeCommit(tx, () => clearFailures(tx, userId, kind), { oneStatement: true });
  return result;
}

/** 429 'agentPasswordLocked': tried again too soon after the fifth wrong attempt. */
const lockedError = (kind: Kind, lang: Lang, retryAfter: number) =>
  new AppError(
    ErrorCode.TOO_MANY,
    'agentPasswordLocked',
    { name: NAMES[kind][lang], minutes: Math.ceil(retryAfter / 60) },
    { retryAfter },
  );

const scopeOf = (userId: number, kind: Kind) =>
  and(eq(agentPasswordFailures.userId, userId), eq(agentPasswordFailures.kind, kind));

/** Seconds until `kind` may be tried again, or 0. */
function lockedForOf(db: Conn, userId: number, kind: Kind, now: Date): Promise<number> {
  return windowRetryAfter(db, agentPasswordFailures.at, scopeOf(userId, kind)!, MAX_FAILURES, LOCK_WINDOW_MS, now);
}

async function failuresInWindow(db: Conn, userId: number, kind: Kind, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentPasswordFailures)
    .where(and(scopeOf(userId, kind), gt(agentPasswordFailures.at, new Date(now.getTime() - LOCK_WINDOW_MS))));
  return row?.n ?? 0;
}

/** The players' failures of `kind` within the window, by player. */
async function failuresInWindowOf(db: Conn, userIds: number[], kind: Kind, now: Date): Promise<Map<number, Date[]>> {
  const rows = await db
    .select({ userId: agentPasswordFailures.userId, at: agentPasswordFailures.at })
    .from(agentPasswordFailures)
    .where(
      and(
        isAnyOf(agentPasswordFailures.userId, userIds),
        eq(agentPasswordFailures.kind, kind),
        gt(agentPasswordFailures.at, new Date(now.getTime() - LOCK_WINDOW_MS)),
      ),
    )
    .execute(); // sent when called (together())
  const byPlayer = new Map<number, Date[]>();
  for (const r of rows) byPlayer.set(r.userId, [...(byPlayer.get(r.userId) ?? []), r.at]);
  return byPlayer;
}

/** The players' stored hashes of `kind` (a player without one is left out). */
async function storedHashesOf(db: Conn, userIds: number[], kind: Kind): Promise<Map<number, string>> {
  const rows = await db
    .select({ userId: agentProfiles.userId, hash: HASH_COLUMN[kind] })
    .from(agentProfiles)
    .where(isAnyOf(agentProfiles.userId, userIds))
    .execute(); // sent when called (together())
  return new Map(rows.flatMap((r) => (r.hash ? [[r.userId, r.hash] as const] : [])));
}

async function clearFailuresOf(tx: Tx, userIds: number[], kind: Kind): Promise<void> {
  // execute(): sent when called (beforeCommit's oneStatement).
  await tx
    .delete(agentPasswordFailures)
    .where(and(isAnyOf(agentPasswordFailures.userId, userIds), eq(agentPasswordFailures.kind, kind)))
    .execute();
}

async function clearFailures(tx: Tx, userId: number, kind: Kind): Promise<void> {
  // execute(): sent when called (beforeCommit's oneStatement).
  await tx.delete(agentPasswordFailures).where(scopeOf(userId, kind)).execute();
}
