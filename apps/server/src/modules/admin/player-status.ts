import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { setAccountStatus, type AccountStatus } from '../auth/service.js';

/**
 * Disables or enables a player with its audit row in one transaction. Disabling ends every
 * session; their live connections close when the transaction commits (the hub's NOTIFY).
 */
export async function setPlayerStatus(
  ctx: AppContext,
  operator: string,
  input: { username: string; status: AccountStatus; reason: string },
) {
  return inTransaction(ctx.db, async (tx) => {
    const changed = await setAccountStatus(tx, input.username, input.status, ctx.now());
    await writeAudit(tx, {
      operator,
      action: input.status === 'disabled' ? 'player.disable' : 'player.enable',
      target: changed.username,
      payload: { userId: changed.userId, reason: input.reason, sessionsEnded: changed.endedSessions.length },
      at: ctx.now(),
    });
    for (const sessionId of changed.endedSessions) await ctx.live.closeSession(sessionId, tx);
    return { username: changed.username, status: input.status, sessionsEnded: changed.endedSessions.length };
  });
}
