import { asc, sql } from 'drizzle-orm';
import type { admin, operatorAuth } from '@breakshot/contracts';
import { ErrorCode, normalizeUsername } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import { operators, type OperatorRow } from './tables.js';

export interface NewOperator {
  username: string;
  password: string;
  role: admin.OperatorRole;
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
export async function createOperator(ctx: AppContext, input: NewOperator, by: string): Promise<operatorAuth.Operator> {
  if (await findOperatorByName(ctx.db, input.username)) throw operatorTaken();
  const passwordHash = await hashPassword(input.password, ctx.passwordHashing);
  try {
    return await audited(
      ctx,
      by,
      async (tx) => {
        const [row] = await tx
          .insert(operators)
          .values({ username: input.username.trim(), passwordHash, role: input.role, createdAt: ctx.now() })
          .returning({ username: operators.username, role: operators.role });
        if (!row) throw new Error('operator insert returned no row');
        return row;
      },
      (row) => ({ action: 'operator.create', target: row.username, payload: { role: row.role } }),
    );
  } catch (err) {
    // Two creations of one name at once: the unique index decides.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION && pgConstraint(err) === 'operators_username') throw operatorTaken();
    throw err;
  }
}

/** Every operator account, oldest first (never a hash or a secret). */
export async function listOperators(db: Conn): Promise<operatorAuth.OperatorRow[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.id));
  return rows.map((r) => ({
    username: r.username,
    role: r.role,
    status: r.status,
    totp: r.totpConfirmedAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}
