import { asc, eq, sql } from 'drizzle-orm';
import type { operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { ErrorCode, normalizeUsername } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import { revokeAllSessions } from './sessions.js';
import { operators, type OperatorRow } from './tables.js';

export interface NewOperator {
  username: string;
  password: string;
  role: operatorCalls.OperatorRole;
}

/** The form a name is looked up, locked out and kept unique under. */
export const operatorKey = (username: string): string => normalizeUsername(username.trim());

/** The operator a name finds, whatever its case; undefined: none. */
export async function findOperatorByName(db: Conn, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = ${operatorKey(username)}`);
  return row;
}

const operatorTaken = () => new AppError(ErrorCode.CONFLICT, 'operatorTaken', undefined, { field: 'username' });

/**
 * Creates an operator (argon2id password, no TOTP yet: it is enrolled at the first login), with
 * its audit row naming who created it. A name taken in any case: 409.
 */
export async function createOperator(
  ctx: AppContext,
  input: NewOperator,
  by: string,
): Promise<operatorsAdmin.Operator> {
  if (await findOperatorByName(ctx.db, input.username)) throw operatorTaken();
  const passwordHash = await hashPassword(input.password, ctx.passwordHashing);
  try {
    return await audited(
      ctx,
      by,
      async (tx) => {
        const row = await insertOperator(tx, { ...input, passwordHash }, ctx.now());
        return { username: row.username, role: row.role };
      },
      (row) => ({ action: 'operator.create', target: row.username, payload: { role: row.role } }),
    );
  } catch (err) {
    throw takenOr(err);
  }
}

/** A new operator's row; a name taken in any case: 409 (before, or by a creation at the same time). */
export async function insertOperator(
  tx: Tx,
  input: { username: string; role: operatorCalls.OperatorRole; passwordHash: string | null },
  now: Date,
): Promise<OperatorRow> {
  if (await findOperatorByName(tx, input.username)) throw operatorTaken();
  const [row] = await tx
    .insert(operators)
    .values({ username: input.username.trim(), passwordHash: input.passwordHash, role: input.role, createdAt: now })
    .returning();
  if (!row) throw new Error('operator insert returned no row');
  return row;
}

/** Two creations of one name at once: the unique index decides, and the loser hears 409. */
export function takenOr(err: unknown): unknown {
  return pgErrorCode(err) === PG_UNIQUE_VIOLATION && pgConstraint(err) === 'operators_username' ? operatorTaken() : err;
}

/** Every operator account, oldest first (never a hash or a secret). */
export async function listOperators(db: Conn): Promise<operatorsAdmin.OperatorRow[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.id));
  return rows.map(toOperatorRow);
}

export const toOperatorRow = (r: OperatorRow): operatorsAdmin.OperatorRow => ({
  username: r.username,
  role: r.role,
  status: r.status,
  passwordSet: r.passwordHash !== null,
  totp: r.totpConfirmedAt !== null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Changes an operator account in one transaction with its audit row (before and after): the row
 * locked, `change` applied, and every console session of the operator ended when `endSessions`.
 */
async function changeOperator(
  ctx: AppContext,
  by: string,
  input: { username: string; reason: string; action: operatorCalls.AuditAction },
  change: (row: OperatorRow) => Partial<typeof operators.$inferInsert>,
  endSessions: boolean,
): Promise<operatorsAdmin.OperatorRow> {
  const { after } = await audited(
    ctx,
    by,
    async (tx) => {
      const [before] = await tx
        .select()
        .from(operators)
        .where(sql`lower(${operators.username}) = ${operatorKey(input.username)}`)
        .for('update');
      if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'operatorNotFound');
      const [after] = await tx.update(operators).set(change(before)).where(eq(operators.id, before.id)).returning();
      if (endSessions) await revokeAllSessions(tx, before.id, ctx.now());
      return { before, after: after ?? before };
    },
    ({ before, after }) => ({
      action: input.action,
      target: after.username,
      payload: { reason: input.reason },
      before: { status: before.status, role: before.role, totp: before.totpConfirmedAt !== null },
      after: { status: after.status, role: after.role, totp: after.totpConfirmedAt !== null },
    }),
  );
  return toOperatorRow(after);
}

/** Disables (sessions end, login refused) or enables an operator; nobody disables themself. */
export function setOperatorStatus(
  ctx: AppContext,
  by: string,
  input: { username: string; status: OperatorRow['status']; reason: string },
) {
  if (input.status === 'disabled' && operatorKey(input.username) === operatorKey(by))
    throw new AppError(ErrorCode.UNPROCESSABLE, 'operatorSelfDisable');
  return changeOperator(
    ctx,
    by,
    { ...input, action: input.status === 'disabled' ? 'operator.disable' : 'operator.enable' },
    () => ({ status: input.status }),
    input.status === 'disabled',
  );
}

/** Clears the TOTP: sessions end, and the next login enrolls a new authenticator. */
export function resetOperatorTotp(ctx: AppContext, by: string, input: { username: string; reason: string }) {
  return changeOperator(
    ctx,
    by,
    { ...input, action: 'operator.totp.reset' },
    () => ({ totpSecret: null, totpConfirmedAt: null, lastTotpStep: 0 }),
    true,
  );
}

/** Changes an operator's role: their sessions end, so the new role holds from their next login. */
export function setOperatorRole(
  ctx: AppContext,
  by: string,
  input: { username: string; role: operatorCalls.OperatorRole; reason: string },
) {
  if (operatorKey(input.username) === operatorKey(by)) throw new AppError(ErrorCode.UNPROCESSABLE, 'operatorSelfRole');
  return changeOperator(ctx, by, { ...input, action: 'operator.role' }, () => ({ role: input.role }), true);
}
