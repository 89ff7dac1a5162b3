import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_TEST_TOKEN } from './withdrawals.js';

/**
 * The per-test timeout of files that run the CLI: each run starts Node and compiles the CLI's
 * sources (about a CPU-second), and a test runs up to a dozen, on a machine busy with the whole
 * suite: in a CI run beside the browser tests one run took about 7 s, and nine took over 60.
 */
export const CLI_TEST_TIMEOUT = 150_000;

const CLI = fileURLToPath(new URL('../../src/tools/admin-cli.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- …` (from the sources) against a test server listening at `url`. */
export function adminCli(
  url: string,
  args: string[],
  token = ADMIN_TEST_TOKEN,
  env: Record<string, string> = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CLI, ...args], {
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
