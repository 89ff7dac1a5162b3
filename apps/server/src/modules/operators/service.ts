import { ErrorCode, type DataOf, type operatorsAdmin } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Acting } from '../../platform/operator-area.js';
import { getSysConfig } from '../system/service.js';
import { liveSessions, revokeOperatorSession, sessionOf } from './sessions.js';

/*
 * Operator accounts of the console: created by an admin (in the console with a one-time setup
 * link, or by the CLI with a password), logged in with a password and a TOTP code, acting
 * through 12-hour sessions whose token only the SHA-256 of is kept.
 */

export {
  createOperator,
  listOperators,
  resetOperatorTotp,
  setOperatorRole,
  setOperatorStatus,
  type NewOperator,
} from './accounts.js';
export { checkSetupLink, inviteOperator, newSetupLink, useSetupLink } from './setup-links.js';
export { confirmTotp, login, sealTotpSecrets, type LoggedIn, type LoginAnswer } from './login.js';
export { findOperatorSession, type Client } from './sessions.js';
export { issueConsoleTicket, redeemConsoleTicket } from './live-tickets.js';
export { liveSessions } from './sessions.js';

/** Who is logged in, until when, and the site's time zone the console shows times in. */
export async function currentOperator(
  db: Conn,
  operator: Acting,
  now: Date,
): Promise<DataOf<typeof operatorsAdmin.me>> {
  const [row] = await liveSessions(db, [sessionOf(operator)], now);
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'operatorSessionEnded');
  return {
    operator: { username: row.name, role: row.role },
    expiresAt: row.expiresAt.toISOString(),
    timeZone: (await getSysConfig(db)).timeZone,
  };
}

/** Ends the console session (audited). */
export async function logout(ctx: AppContext, operator: Acting): Promise<void> {
  const sessionId = sessionOf(operator);
  const end = async (tx: Tx) => {
    await revokeOperatorSession(tx, sessionId, ctx.now());
    await ctx.live.console.endSession(sessionId, tx);
  };
  await audited(ctx, operator.name, end, {
    action: 'operator.logout',
    target: operator.name,
    payload: { sessionId },
  });
}
