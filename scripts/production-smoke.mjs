// The built server started as production (NODE_ENV=production, embedded database): demo mode
// stays off on a fresh folder, a folder first used in development has its demo accounts disabled
// (their sessions too), and behind TRUST_PROXY=1 a client cannot choose its own address.
// Exits non-zero naming what failed. Runs after the build (npm test).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitReady } from './wait-ready.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.SMOKE_PORT ?? 3292);
const base = `http://127.0.0.1:${port}`;
const DEMO = { agent: 'demoagent', names: ['demoagent', 'demosubagent', 'demomember1', 'demomember2'] };
const TEST_CAPTCHA = 'SMOKE';

/** Starts the built server on `dataDir`; resolves once it is ready, with its output so far and a stop. */
async function start(dataDir, env) {
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  };
  for (const name of ['DATABASE_URL', 'DEMO', 'CAPTCHA_TEST_CODE', 'TRUST_PROXY', 'ADMIN_TOKEN', 'NODE_ENV'])
    if (!(name in env)) delete childEnv[name];
  const server = spawn('node', ['apps/server/dist/server.js'], { cwd: root, env: childEnv });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => server.once('exit', r));
  await Promise.race([
    waitReady(base),
    exited.then((code) => {
      throw new Error(`the server exited with ${code} before it was ready:\n${output}`);
    }),
  ]);
  return {
    output: () => output,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** A player call (POST /api/v9/…) with an optional session token and X-Forwarded-For. */
async function player(path, body = {}, { token = 'false', forwardedFor } = {}) {
  const headers = { 'content-type': 'application/json', token };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const res = await fetch(`${base}/api/v9${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return res.json();
}

/** An operator call with the token the server wrote to the data folder, as the CLI makes it (no browser headers). */
function operator(dataDir, path, body) {
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/admin${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': token } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const demoPlayers = async (dataDir) =>
  (await operator(dataDir, '/players/list', { page: 1, pageSize: 100, q: 'demo' })).data.list.filter((p) =>
    DEMO.names.includes(p.username),
  );
/** The built-in demo provider's (modules/demo-provider/catalogue.ts). */
const isDemoGame = (game) => game.providerId === 'demo';
const listedGames = async () => (await player('/game/list')).data.categories.flatMap((c) => c.games);

const results = [];
async function check(name, fn) {
  const ok = await fn().catch((err) => {
    console.log(`      ${err.message}`);
    return false;
  });
  results.push(ok);
  console.log(`${ok ? 'ok   ' : 'FAIL '} ${name}`);
}

const fresh = mkdtempSync(join(tmpdir(), 'breakshot-prod-'));
const used = mkdtempSync(join(tmpdir(), 'breakshot-prod-used-'));
try {
  const prod = await start(fresh, { NODE_ENV: 'production', TRUST_PROXY: '1' });
  try {
    await check('production on a fresh folder: no demo accounts, and no warning of demo mode', async () => {
      return (await demoPlayers(fresh)).length === 0 && !prod.output().includes('DEMO=1');
    });
    await check('production on a fresh folder: the demo games are not listed', async () => {
      const games = await listedGames();
      return !games.some(isDemoGame);
    });
    await check(
      'TRUST_PROXY=1: 40 captchas naming 40 addresses before the one the proxy saw → 30 answered',
      async () => {
        const codes = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            player('/captcha/getCode', {}, { forwardedFor: `10.0.7.${i}, 203.0.113.9` }).then((a) => a.code),
          ),
        );
        const answered = codes.filter((c) => c === 200).length;
        if (answered !== 30)
          console.log(`      answered ${answered}, refused ${codes.filter((c) => c === 429).length}`);
        return answered === 30;
      },
    );
  } finally {
    await prod.stop();
  }

  // A folder first used in development: demo on, the team made, a demo session open.
  const dev = await start(used, { CAPTCHA_TEST_CODE: TEST_CAPTCHA });
  let session;
  try {
    const { captchaId } = (await player('/captcha/getCode')).data;
    const login = await player('/login', {
      username: DEMO.agent,
      password: 'demo1234',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    session = login.data?.token;
    if (!session) throw new Error(`the demo login failed in development: ${JSON.stringify(login)}`);
    // What the checks below look for is there in development.
    if (!(await listedGames()).some(isDemoGame)) throw new Error('development lists no demo game');
  } finally {
    await dev.stop();
  }
  const later = await start(used, { NODE_ENV: 'production' });
  try {
    await check(
      'production on a folder used in development: every demo account disabled, the start says so',
      async () => {
        const found = await demoPlayers(used);
        return (
          found.length === DEMO.names.length &&
          found.every((p) => p.status === 'disabled') &&
          /demo accounts with published passwords .* were disabled/.test(later.output())
        );
      },
    );
    await check('production on a folder used in development: the demo session is ended', async () => {
      return (await player('/user/info', {}, { token: session })).code === 401;
    });
    await check('production on a folder used in development: the demo games are not listed', async () => {
      return !(await listedGames()).some(isDemoGame);
    });
  } finally {
    await later.stop();
  }
} catch (err) {
  console.log(`FAIL  ${err.message}`);
  results.push(false);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(used, { recursive: true, force: true });
}
process.exit(results.every(Boolean) && results.length > 0 ? 0 : 1);
