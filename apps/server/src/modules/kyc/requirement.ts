import type { kyc } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { kycRequiredAmount } from './settings.js';
import { latestSubmission } from './submissions.js';

export interface KycRequirement {
  /** Withdrawals above this amount need the verified name (0: never). */
  requiredAmount: number;
  status: kyc.KycState;
  /** The approved real name, or null while not verified. */
  verifiedName: string | null;
}

/**
 * What the player's withdrawals need and what the player has. An approval is final (nothing
 * revokes it), so a withdrawal may read this in its own transaction without a lock.
 */
export async function kycRequirementOf(db: Conn, userId: number): Promise<KycRequirement> {
  const requiredAmount = await kycRequiredAmount(db);
  const latest = await latestSubmission(db, userId);
  return {
    requiredAmount,
    status: latest?.status ?? 'none',
    verifiedName: latest?.status === 'approved' ? latest.realName : null,
  };
}
