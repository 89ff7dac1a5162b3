import { ErrorCode } from '@breakshot/contracts';
import { setAuditStates, writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findPlayer } from '../auth/service.js';
import { getTurnover, waiveTurnover } from '../turnover/service.js';

/** 清除流水: the waiver and its audit row in one transaction; the audit row is its reference. */
export async function waivePlayerTurnover(
  ctx: AppContext,
  operator: string,
  input: { username: string; reason: string },
) {
  const user = await findPlayer(ctx.db, input.username);
  if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  const waived = await inTransaction(ctx.db, async (tx) => {
    const auditId = await writeAudit(tx, {
      operator,
      action: 'turnover.waive',
      target: user.username,
      payload: { userId: user.id, reason: input.reason },
      at: ctx.now(),
    });
    // The waiver locks the player's turnover row: what it waived is what was left before.
    const waived = await waiveTurnover(tx, { userId: user.id, reference: { table: 'admin_audit', id: auditId } });
    const { left } = await getTurnover(tx, user.id);
    await setAuditStates(tx, auditId, { before: { turnoverLeft: left + waived }, after: { turnoverLeft: left } });
    return waived;
  });
  return { username: user.username, waived };
}
