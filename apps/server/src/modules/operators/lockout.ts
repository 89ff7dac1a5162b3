import { failureLockout } from '../../platform/failure-lockout.js';
import { operatorLoginFailures } from './tables.js';

/** Wrong passwords or codes per operator name and client; advisory lock space 3402 (players' login: 3401). */
export const { serializeAttempts, lockedFor, recentFailures, recordFailure, clearFailures } = failureLockout(
  operatorLoginFailures,
  3_402,
);
