// `npm start`: build whatever is missing or older than its sources, then start the server.
// The server applies migrations and seeds an empty database itself. In a terminal it ends its
// start with a plain block (where the app and console are, demo logins, making an operator).
import { spawn } from 'node:child_process';
import { buildMissing, dataDir, serverDir } from './build-missing.mjs';

buildMissing();

const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: serverDir,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir(), ...(process.stdout.isTTY ? { START_SUMMARY: '1' } : {}) },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
