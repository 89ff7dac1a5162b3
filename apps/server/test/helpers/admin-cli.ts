import { spawn } from 'node:child_process';
import { inject } from 'vitest';
import { ADMIN_TEST_TOKEN } from './withdrawals.js';

/**
 * The per-test timeout of files that run the CLI: each run starts Node on the bundled CLI (about a
 * third of a CPU-second), and a test runs up to a dozen, on a machine busy with the whole suite.
 */
export const CLI_TEST_TIMEOUT = 150_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run admin -- …` (its sources, bundled once per run: admin-cli-bundle.ts) against a
 * test server listening at `url`.
 */
export function adminCli(
  url: string,
  args: string[],
  token = ADMIN_TEST_TOKEN,
  env: Record<string, string> = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inject('adminCli'), ...args], {
      env: { ...process.env, ADMIN_URL: url, ADMIN_TOKEN: token, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
