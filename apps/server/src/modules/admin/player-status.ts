import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
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
  const changed = await audited(
    ctx,
    operator,
    async (tx) => {
      const result = await setAccountStatus(tx, input.username, input.status, ctx.now());
      for (const sessionId of result.endedSessions) await ctx.live.closeSession(sessionId, tx);
      return result;
    },
    ({ userId, username, previousStatus, endedSessions }) => ({
      action: input.status === 'disabled' ? 'player.disable' : 'player.enable',
      target: username,
      payload: { userId, reason: input.reason, sessionsEnded: endedSessions.length },
      before: { status: previousStatus },
      after: { status: input.status },
    }),
  );
  return { username: changed.username, status: input.status, sessionsEnded: changed.endedSessions.length };
}
