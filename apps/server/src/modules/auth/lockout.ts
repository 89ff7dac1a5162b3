import { failureLockout } from '../../platform/failure-lockout.js';
import { loginFailures } from './tables.js';

export { LOCK_WINDOW_MS } from '../../platform/failure-lockout.js';

/**
 * What failures are counted under: the account's id once the name finds one (every spelling of
 * it counts together), else the normalised name tried.
 */
export const lockoutKey = (user: { id: number } | undefined, normalizedName: string) =>
  user ? `#${user.id}` : normalizedName;

/** Wrong passwords per account (or unknown name) and client; advisory lock space 3401 (operators': 3402). */
export const { serializeAttempts, lockedFor, recentFailures, recordFailure, clearFailures } = failureLockout(
  loginFailures,
  3_401,
);
