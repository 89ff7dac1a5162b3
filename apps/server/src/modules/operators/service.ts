import { ErrorCode, type DataOf, type operatorsAdmin } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Acting } from '../../platform/operator-area.js';
import { getSysConfig } from '../system/service.js';
import { operatorSessionById, revokeOperatorSession } from './sessions.js';

/*
 * Operator accounts of the console: created by an admin (the CLI), logged in with a password and
 * a TOTP code, acting through 12-hour sessions whose token only the SHA-256 of is kept.
 */

export { createOperator, listOperators, resetOperatorTotp, setOperatorStatus, type NewOperator } from './accounts.js';
export { confirmTotp, login, sealTotpSecrets, type LoggedIn, type LoginAnswer } from './login.js';
export { findOperatorSession, type Client } from './sessions.js';

/** Calls that act on the console session itself; the CLI's token has none. */
function sessionOf(operator: Acting): number {
  if (operator.sessionId === null) throw new AppError(ErrorCode.BAD_REQUEST, 'operatorNoSession');
  return operator.sessionId;
}

/** Who is logged in, until when, and the site's time zone the console shows times in. */
export async function currentOperator(
  db: Conn,
  operator: Acting,
  now: Date,
): Promise<DataOf<typeof operatorsAdmin.me>> {
  const row = await operatorSessionById(db, sessionOf(operator), now);
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'operatorSessionEnded');
  return {
    operator: { username: row.username, role: row.role },
    expiresAt: row.expiresAt.toISOString(),
    timeZone: (await getSysConfig(db)).timeZone,
  };
}

/** Ends the console session (audited). */
export async function logout(ctx: AppContext, operator: Acting): Promise<void> {
  const sessionId = sessionOf(operator);
  await audited(ctx, operator.name, (tx) => revokeOperatorSession(tx, sessionId, ctx.now()), {
    action: 'operator.logout',
    target: operator.name,
    payload: { sessionId },
  });
}
