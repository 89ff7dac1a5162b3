import { auth } from '@breakshot/contracts';
import { ApiError, call } from '../../../lib/http';
import { solvePow } from './solve';

/** Challenges solved for one submit at most (a second: the need grew while the first was solved). */
const MAX_SOLVES = 2;

/**
 * Sends a register or login call; when the server asks for a proof of work (403 with
 * data.step 'pow': its captcha was not used), gets a challenge for it, solves it off the main
 * thread and sends the call again with it. `progress` hears the share solved, null when done.
 */
export async function withStepUp<T>(
  purpose: auth.PowPurpose,
  username: string,
  send: (pow?: auth.PowSolution) => Promise<T>,
  progress: (share: number | null) => void,
): Promise<T> {
  let pow: auth.PowSolution | undefined;
  for (let solved = 0; ; solved += 1) {
    try {
      return await send(pow);
    } catch (err) {
      if (!(err instanceof ApiError) || err.data?.step !== 'pow' || solved === MAX_SOLVES) throw err;
    }
    progress(0);
    try {
      const challenge = await call(auth.captchaChallenge, purpose === 'login' ? { purpose, username } : { purpose });
      pow = await solvePow(challenge, progress);
    } finally {
      progress(null);
    }
  }
}
