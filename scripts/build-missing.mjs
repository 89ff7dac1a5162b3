// What `npm start` and `npm run start:cluster` share: building whatever is missing or older than
// its sources, and where the server and its data folder are.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
export const serverDir = join(root, 'apps/server');
/** DATA_DIR, by default ./data of the repository (tokens and keys; PGlite's folder without DATABASE_URL). */
export const dataDir = () => process.env.DATA_DIR ?? join(root, 'data');

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

/** Builds the contracts, the contract client, the web app, the operator console and the server where needed; exits on a failed build. */
export function buildMissing(log = (line) => console.log(`[start] ${line}`)) {
  const contractsSrc = newest(join(root, 'packages/contracts/src'));
  const clientSrc = newest(join(root, 'packages/client/src'));
  const steps = [
    {
      name: 'contracts',
      output: 'packages/contracts/dist/.tsbuildinfo',
      sources: [contractsSrc],
      cmd: ['npm', ['run', 'build', '-w', 'packages/contracts']],
    },
    {
      name: 'contract client',
      output: 'packages/client/dist/.tsbuildinfo',
      sources: [contractsSrc, clientSrc],
      cmd: ['npm', ['run', 'build', '-w', 'packages/client']],
    },
    {
      name: 'web app',
      // The server's build is written last (apps/web package.json), so it stands for both.
      output: 'apps/web/dist-ssr/entry-server.js',
      sources: [contractsSrc, clientSrc, newest(join(root, 'apps/web/src')), mtime(join(root, 'apps/web/index.html'))],
      cmd: ['npm', ['run', 'build', '-w', 'apps/web']],
    },
    {
      name: 'operator console',
      output: 'apps/admin/dist/index.html',
      sources: [
        contractsSrc,
        clientSrc,
        newest(join(root, 'apps/admin/src')),
        mtime(join(root, 'apps/admin/index.html')),
      ],
      cmd: ['npm', ['run', 'build', '-w', 'apps/admin']],
    },
    {
      name: 'server',
      output: 'apps/server/dist/.tsbuildinfo',
      sources: [contractsSrc, clientSrc, newest(join(root, 'apps/server/src'))],
      cmd: ['npm', ['run', 'build', '-w', 'apps/server']],
    },
  ];
  for (const step of steps) {
    const built = mtime(join(root, step.output));
    if (built && built >= Math.max(...step.sources)) continue;
    log(`building the ${step.name}…`);
    const r = spawnSync(step.cmd[0], step.cmd[1], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
