// `npm start` builds what is missing, starts on PGlite and serves the app.
// Starts it on a free port with a fresh data folder, checks health, the app, a page rendered on the server,
// compression, config.json and the data folder's lock, then stops it. Exits non-zero naming what failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitReady } from './wait-ready.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.SMOKE_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'breakshot-start-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
delete env.CAPTCHA_TEST_CODE;
const server = spawn('npm', ['start'], { cwd: root, env, stdio: 'inherit', detached: true });

const checks = [
  ['GET / serves the player app', async () => (await (await fetch(`${base}/`)).text()).includes('<div id="root">')],
  [
    'GET /home (a page of the app, any Accept) serves the app, rendered on the server',
    async () => {
      const res = await fetch(`${base}/home`, { headers: { accept: '*/*' } });
      return res.ok && (await res.text()).includes('<div id="root" data-rendered="zh-CN">');
    },
  ],
  [
    "the app's script arrives brotli-compressed",
    async () => {
      const script = /<script[^>]+src="([^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
      const res = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
      return res.ok && res.headers.get('content-encoding') === 'br';
    },
  ],
  [
    'a second `npm start` on the same data folder exits non-zero naming the first',
    async () => {
      const second = spawn('npm', ['start'], { cwd: root, env: { ...env, PORT: String(port + 1) }, detached: true });
      // Without the lock it would run on: stop it and fail.
      const running = setTimeout(() => process.kill(-second.pid, 'SIGTERM'), 60_000);
      let output = '';
      second.stdout.on('data', (d) => (output += d));
      second.stderr.on('data', (d) => (output += d));
      const code = await new Promise((r) => second.on('close', r));
      clearTimeout(running);
      return code !== 0 && /data folder .* is in use by process \d+/.test(output);
    },
  ],
  [
    'GET /config.json has the defaults',
    async () => (await (await fetch(`${base}/config.json`)).json()).VITE_PAGE_TITLE === 'Breakshot',
  ],
  [
    'GET /api/v9/config answers from the seeded database',
    async () => (await (await fetch(`${base}/api/v9/config`)).json()).data?.sys?.siteName === 'Breakshot',
  ],
];

let failed = 0;
try {
  await waitReady(base);
  console.log('ok    /readyz answers');
  for (const [name, check] of checks) {
    const ok = await check().catch(() => false);
    console.log(`${ok ? 'ok   ' : 'FAIL '} ${name}`);
    if (!ok) failed++;
  }
} catch (err) {
  console.log(`FAIL  ${err.message}`);
  failed++;
} finally {
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
