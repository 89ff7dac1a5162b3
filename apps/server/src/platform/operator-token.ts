import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a presented token is the operator's (constant time); never true without a token. */
export function operatorTokenCheck(token: string | undefined): (given: string | undefined) => boolean {
  const expected = token ? digest(token) : null;
  return (given) => !!expected && !!given && timingSafeEqual(digest(given), expected);
}

export const ADMIN_TOKEN_FILE = 'admin-token';

/**
 * The operator token: ADMIN_TOKEN when set; otherwise a new random one, written to
 * `<dataDir>/admin-token` (mode 0600) for `npm run admin` to read.
 */
export function resolveAdminToken(configured: string | undefined, dataDir: string): { token: string; file?: string } {
  if (configured) return { token: configured };
  const token = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ADMIN_TOKEN_FILE);
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  // An existing file keeps its mode on write.
  chmodSync(file, 0o600);
  return { token, file };
}
