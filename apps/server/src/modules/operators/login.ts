import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode, type DataOf, type operatorsAdmin } from '@breakshot/contracts';
import type { AppContext, PasswordHashing } from '../../platform/context.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { clientKey } from '../../platform/ip-key.js';
import { maskIp } from '../../platform/masking.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { sealInPlace } from '../../platform/secret-box.js';
import { getSysConfig } from '../system/service.js';
import { findOperatorByName, operatorKey } from './accounts.js';
import { clearFailures, lockedFor, recentFailures, recordFailure, serializeAttempts } from './lockout.js';
import {
  liveOperatorSession,
  openOperatorSession,
  revokeOperatorSession,
  revokeSetupSessions,
  type Client,
} from './sessions.js';
import { operators, type OperatorRow } from './tables.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';

export type LoginAnswer = DataOf<typeof operatorsAdmin.login>;
export type LoggedIn = DataOf<typeof operatorsAdmin.totpConfirm>;
type TotpSetup = Extract<LoginAnswer, { stage: 'totp_setup' }>;

/** A refusal decided inside the attempt's transaction, thrown once it has committed (so failures count). */
type Outcome<T> = { ok: true; answer: T } | { ok: false; error: AppError };

const refused = (error: AppError): Outcome<never> => ({ ok: false, error });
const refusal = (key: 'operatorLoginFailed' | 'totpRequired' | 'totpWrong' | 'totpReplayed' | 'totpSetupEnded') =>
  new AppError(ErrorCode.UNAUTHORIZED, key);
const lockedError = (retryAfter: number) =>
  new AppError(ErrorCode.TOO_MANY, 'operatorLocked', { minutes: Math.ceil(retryAfter / 60) }, { retryAfter });

/** Where an operator's authenticator secret is sealed (secret-box.ts): its row. */
const totpContext = (operatorId: number) => `operators.totp_secret:${operatorId}`;

function settle<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.answer;
}

/**
 * Counts a wrong password or code of `client` (and on the operator's row, shown at their next
 * login); the refusal is the lockout once this failure reaches it for that client.
 */
async function fail(
  tx: Tx,
  key: string,
  client: string,
  operator: OperatorRow | undefined,
  now: Date,
  error: AppError,
): Promise<Outcome<never>> {
  await recordFailure(tx, key, client, now);
  if (operator) {
    await tx
      .update(operators)
      .set({ failedLogins: sql`${operators.failedLogins} + 1`, lastFailedAt: now, lastFailedIp: client })
      .where(eq(operators.id, operator.id));
  }
  const retryAfter = await lockedFor(tx, key, client, now);
  return refused(retryAfter > 0 ? lockedError(retryAfter) : error);
}

const enrolled = (op: OperatorRow) => op.totpSecret !== null && op.totpConfirmedAt !== null;

/**
 * Password, then the TOTP code. Five wrong passwords or codes for a name from one client within
 * 15 minutes lock that client out of the name (429 with retryAfter) until the window passes;
 * attempts on one name run one at a time (advisory lock), so concurrent guesses cannot slip past
 * the count. While the name has failures from anyone in the window, the code is the step-up: the
 * password is answered only together with it (no code: totpRequired, a wrong password or code:
 * operatorLoginFailed alike), so its owner logs in as always and a guessed password tells nothing.
 * Without a confirmed TOTP the answer is the enrolment (`totp_setup`), finished by `confirmTotp`.
 */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string; code?: string | undefined },
  client: Client,
): Promise<LoginAnswer> {
  const now = ctx.now();
  const key = operatorKey(input.username);
  const from = clientKey(client);
  const operator = await findOperatorByName(ctx.db, input.username);
  // Unknown names cost a hash too, so timing does not tell which names exist.
  const passwordHash = operator?.passwordHash ?? (await dummyHash(ctx.passwordHashing));
  const outcome = await inTransaction(ctx.db, async (tx): Promise<Outcome<LoginAnswer>> => {
    await serializeAttempts(tx, key);
    const retryAfter = await lockedFor(tx, key, from, now);
    if (retryAfter > 0) return refused(lockedError(retryAfter));
    // Unknown names answer as enrolled ones do.
    const together = (await recentFailures(tx, key, now)).count > 0 && (!operator || enrolled(operator));
    const noCode = together && !input.code;
    if (!(await verifyPassword(passwordHash, input.password)) || !operator)
      return fail(tx, key, from, operator, now, refusal(noCode ? 'totpRequired' : 'operatorLoginFailed'));
    if (noCode) return refused(refusal('totpRequired'));
    if (operator.status !== 'active') return refused(new AppError(ErrorCode.FORBIDDEN, 'operatorDisabled'));

    if (!operator.totpSecret || !operator.totpConfirmedAt)
      return { ok: true, answer: await startEnrolment(ctx, tx, operator, client, now) };

    if (!input.code) return refused(refusal('totpRequired'));
    const step = matchingStep(ctx.secrets.open(operator.totpSecret, totpContext(operator.id)), input.code, now);
    if (step === null)
      return fail(tx, key, from, operator, now, refusal(together ? 'operatorLoginFailed' : 'totpWrong'));
    // Compare-and-set: of two logins with one code, only the first moves the step on.
    const [taken] = await tx
      .update(operators)
      .set({ lastTotpStep: step })
      .where(and(eq(operators.id, operator.id), lt(operators.lastTotpStep, step), isNotNull(operators.totpConfirmedAt)))
      .returning({ id: operators.id });
    if (!taken) return refused(refusal('totpReplayed'));
    await clearFailures(tx, key, from);
    return { ok: true, answer: await loggedIn(tx, operator, client, now) };
  });
  return settle(outcome);
}

/**
 * Starts enrolling the operator's authenticator: a new secret (replacing an unconfirmed one),
 * sealed, and a setup token to confirm it with (`confirmTotp`).
 */
export async function startEnrolment(
  ctx: AppContext,
  tx: Tx,
  op: OperatorRow,
  client: Client,
  now: Date,
): Promise<TotpSetup> {
  const secret = newTotpSecret();
  await tx
    .update(operators)
    .set({ totpSecret: ctx.secrets.seal(secret, totpContext(op.id)) })
    .where(eq(operators.id, op.id));
  await revokeSetupSessions(tx, op.id, now);
  const { token } = await openOperatorSession(tx, op.id, 'setup', client, now);
  return { stage: 'totp_setup', setupToken: token, otpauthUrl: otpauthUrl(op.username, secret), secret };
}

/**
 * Finishes the first login: a correct code from the new secret confirms it, ends the setup token
 * and logs in. A wrong code counts towards the lockout like a wrong password.
 */
export async function confirmTotp(
  ctx: AppContext,
  input: { setupToken: string; code: string },
  client: Client,
): Promise<LoggedIn> {
  const now = ctx.now();
  const setup = await liveOperatorSession(ctx.db, input.setupToken, 'setup', now);
  const operator = setup?.operator;
  const secret = operator?.totpSecret;
  if (!setup || !operator || !secret || operator.totpConfirmedAt || operator.status !== 'active')
    throw refusal('totpSetupEnded');
  const key = operatorKey(operator.username);
  const from = clientKey(client);
  const outcome = await inTransaction(ctx.db, async (tx): Promise<Outcome<LoggedIn>> => {
    await serializeAttempts(tx, key);
    const retryAfter = await lockedFor(tx, key, from, now);
    if (retryAfter > 0) return refused(lockedError(retryAfter));
    const step = matchingStep(ctx.secrets.open(secret, totpContext(operator.id)), input.code, now);
    if (step === null) return fail(tx, key, from, operator, now, refusal('totpWrong'));
    // Thrown errors below roll the whole attempt back: the setup token stays usable.
    if (!(await revokeOperatorSession(tx, setup.session.id, now))) throw refusal('totpSetupEnded');
    const [confirmed] = await tx
      .update(operators)
      .set({ lastTotpStep: step, totpConfirmedAt: now })
      .where(
        and(
          eq(operators.id, operator.id),
          eq(operators.totpSecret, secret),
          isNull(operators.totpConfirmedAt),
          lt(operators.lastTotpStep, step),
        ),
      )
      .returning({ id: operators.id });
    if (!confirmed) throw refusal(operator.lastTotpStep >= step ? 'totpReplayed' : 'totpSetupEnded');
    await clearFailures(tx, key, from);
    return { ok: true, answer: await loggedIn(tx, operator, client, now) };
  });
  return settle(outcome);
}

/** A console session; the answer tells of the failures on the name since the last login, and forgets them. */
async function loggedIn(tx: Tx, operator: OperatorRow, client: Client, now: Date): Promise<LoggedIn> {
  const { token, expiresAt } = await openOperatorSession(tx, operator.id, 'session', client, now);
  // Read under the name's lock, which every failure takes too.
  const [seen] = await tx
    .select({ count: operators.failedLogins, at: operators.lastFailedAt, ip: operators.lastFailedIp })
    .from(operators)
    .where(eq(operators.id, operator.id));
  await tx
    .update(operators)
    .set({ failedLogins: 0, lastFailedAt: null, lastFailedIp: null })
    .where(eq(operators.id, operator.id));
  return {
    stage: 'done',
    token,
    operator: { username: operator.username, role: operator.role },
    expiresAt: expiresAt.toISOString(),
    failedLogins:
      seen?.count && seen.at
        ? { count: seen.count, lastAt: seen.at.toISOString(), lastIp: maskIp(seen.ip ?? '') }
        : null,
    timeZone: (await getSysConfig(tx)).timeZone,
  };
}

const dummyHashes = new Map<string, Promise<string>>();

function dummyHash(cost: PasswordHashing): Promise<string> {
  const key = JSON.stringify(cost);
  let hashed = dummyHashes.get(key);
  if (!hashed) {
    hashed = hashPassword('not-an-operator-password-0', cost);
    dummyHashes.set(key, hashed);
  }
  return hashed;
}

/** Run at start: seals authenticator secrets stored before sealing existed; sealed ones must open (SecretsKeyMismatch). */
export async function sealTotpSecrets(ctx: Pick<AppContext, 'db' | 'secrets'>): Promise<void> {
  const rows = await ctx.db
    .select({ id: operators.id, secret: operators.totpSecret })
    .from(operators)
    .where(isNotNull(operators.totpSecret));
  await sealInPlace(ctx.secrets, rows, {
    value: (row) => row.secret!,
    context: (row) => totpContext(row.id),
    store: (row, totpSecret) =>
      ctx.db
        .update(operators)
        .set({ totpSecret })
        .where(and(eq(operators.id, row.id), eq(operators.totpSecret, row.secret!))),
  });
}
