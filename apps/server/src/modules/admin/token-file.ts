import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
