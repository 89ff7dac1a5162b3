// `npm run start:cluster -- --instances N [--port P]`: N server processes on one PostgreSQL database
// (DATABASE_URL), on ports P+1..P+N of 127.0.0.1, behind a round-robin proxy on P (default PORT or
// 3000). Builds what is missing first, as `npm start` does. An instance that exits unexpectedly is
// started again; SIGINT/SIGTERM drains every instance (SIGTERM) and exits once they all have.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildMissing, dataDir, serverDir } from './build-missing.mjs';
import { startInstances } from './cluster/instances.mjs';
import { startProxy } from './cluster/proxy.mjs';

const log = (line) => console.log(`[cluster] ${line}`);
const fail = (message) => {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
};

const { values } = parseArgs({ options: { instances: { type: 'string' }, port: { type: 'string' } } });
const count = Number(values.instances);
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(count) || count < 1) fail('usage: npm run start:cluster -- --instances N [--port P]');
if (!Number.isInteger(port) || port < 1 || port + count > 65_535) fail(`no room for ports ${port}..${port + count}`);
if (!process.env.DATABASE_URL)
  fail('DATABASE_URL must name a PostgreSQL database: the embedded database (PGlite) serves one process only');

buildMissing((line) => log(line));

// One operator token for all: each instance would otherwise write its own to <DATA_DIR>/admin-token.
const { resolveAdminToken } = await import(pathToFileURL(join(serverDir, 'dist/platform/operator-token.js')).href);
const admin = resolveAdminToken(process.env.ADMIN_TOKEN, dataDir());
if (admin.file) log(`operator token written to ${admin.file} (npm run admin reads it)`);

const cluster = startInstances({
  ports: Array.from({ length: count }, (_, i) => port + 1 + i),
  command: [process.execPath, ['dist/server.js']],
  cwd: serverDir,
  env: { ...process.env, DATA_DIR: dataDir(), ADMIN_TOKEN: admin.token, HOST: '127.0.0.1', TRUST_PROXY: '1' },
  log,
});
const proxy = await startProxy({ port, host: process.env.HOST || '0.0.0.0', instances: cluster.instances, log }).catch(
  (err) => fail(`the proxy cannot listen on port ${port}: ${err.message}`),
);
log(`${count} instances on ports ${port + 1}..${port + count}, round-robin proxy on port ${proxy.port}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining the instances`);
    proxy.close();
    const clean = await cluster.stop();
    log(clean ? 'every instance stopped' : 'an instance did not stop cleanly');
    process.exit(clean ? 0 : 1);
  });
}
