// `npm start`: build whatever is missing or older than its sources, then start the server.
// The server applies migrations and seeds an empty database itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of the files below `dir` (0 when it does not exist). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const contractsSrc = newest(join(root, 'packages/contracts/src'));

const steps = [
  {
    name: 'contracts',
    output: 'packages/contracts/dist/.tsbuildinfo',
    sources: [contractsSrc],
    cmd: ['npm', ['run', 'build', '-w', 'packages/contracts']],
  },
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: [contractsSrc, newest(join(root, 'apps/web/src')), mtime(join(root, 'apps/web/index.html'))],
    cmd: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  {
    name: 'operator console',
    output: 'apps/admin/dist/index.html',
    sources: [contractsSrc, newest(join(root, 'apps/admin/src')), mtime(join(root, 'apps/admin/index.html'))],
    cmd: ['npm', ['run', 'build', '-w', 'apps/admin']],
  },
  {
    name: 'server',
    output: 'apps/server/dist/.tsbuildinfo',
    sources: [contractsSrc, newest(join(root, 'apps/server/src'))],
    cmd: ['npm', ['run', 'build', '-w', 'apps/server']],
  },
];

for (const step of steps) {
  const built = mtime(join(root, step.output));
  if (built && built >= Math.max(...step.sources)) continue;
  console.log(`[start] building the ${step.name}…`);
  const r = spawnSync(step.cmd[0], step.cmd[1], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
