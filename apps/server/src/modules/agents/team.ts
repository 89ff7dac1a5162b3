import { ErrorCode } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { depthBelow } from '../auth/service.js';

/**
 * How deep `memberId` sits below `agentId` (1: a direct member). Anyone else, the agent itself
 * included, is 404 'agentMemberNotFound': an agent learns nothing of players outside its team.
 */
export async function requireTeamMember(db: Conn, agentId: number, memberId: number): Promise<{ depth: number }> {
  const depth = await depthBelow(db, agentId, memberId);
  if (depth === null || depth < 1) throw new AppError(ErrorCode.NOT_FOUND, 'agentMemberNotFound');
  return { depth };
}
