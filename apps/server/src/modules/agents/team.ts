import { ErrorCode } from '@breakshot/contracts';
import type { Conn, Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { depthBelow, depthBelowGathered } from '../auth/service.js';

/**
 * How deep `memberId` sits below `agentId` (1: a direct member). Anyone else, the agent itself
 * included, is 404 'agentMemberNotFound': an agent learns nothing of players outside its team.
 */
export async function requireTeamMember(db: Conn, agentId: number, memberId: number): Promise<{ depth: number }> {
  return teamDepthOf(await depthBelow(db, agentId, memberId));
}

/** requireTeamMember with the reads of the requests in flight gathered (an agent transfer's). */
export async function requireTeamMemberGathered(db: Db, agentId: number, memberId: number) {
  return teamDepthOf(await depthBelowGathered(db, agentId, memberId));
}

function teamDepthOf(depth: number | null): { depth: number } {
  if (depth === null || depth < 1) throw new AppError(ErrorCode.NOT_FOUND, 'agentMemberNotFound');
  return { depth };
}
