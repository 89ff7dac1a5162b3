import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/platform/db.js';
import { migrationFiles } from '../../src/platform/migrate.js';
import { freshDatabase, LOCAL_PG_URL, pgAnswers, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';
import { ServerProcess } from '../trust/crash/server-process.js';

/*
 * Two instances starting at once apply the migrations once. Two real server
 * processes (src/server.ts) on one empty PostgreSQL database. Their start (several seconds of
 * loading each) would rarely overlap to the millisecond, so they reach the database through a
 * gate that holds every connection until both processes have one waiting: from then on they
 * migrate and seed at the same moment, and only the setup lock keeps them apart.
 */

const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const pgUp = await pgAnswers(serverUrl);

const PORTS = [4301, 4302];
const GATE_PORT = 4303;

interface Gate {
  close(): Promise<void>;
}

/** A TCP relay to `target` that holds connections until `waiting` of them have arrived, then lets every one through. */
function gate(target: URL, waiting: number): Promise<Gate> {
  const held: Socket[] = [];
  const sockets = new Set<Socket>();
  let open = false;
  const relay = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => [client, upstream].forEach((s) => s.destroy());
    client.on('error', end);
    upstream.on('error', end);
    client.resume();
  };
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.pause();
    if (open) return relay(client);
    held.push(client);
    if (held.length < waiting) return;
    open = true;
    held.splice(0).forEach(relay);
  });
  const close = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => resolve());
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(GATE_PORT, '127.0.0.1', () => resolve({ close }));
  });
}

/** The JSON log lines of a server process's output with this message. */
const logged = (server: ServerProcess, msg: string) =>
  server
    .logTail()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as { applied?: string[] });

describe.skipIf(!pgUp)('two instances starting at once on an empty PostgreSQL', () => {
  let fresh: TestDatabase | undefined;
  let relay: Gate | undefined;
  let servers: ServerProcess[] = [];
  let dirs: string[] = [];
  afterAll(async () => {
    servers.forEach((s) => s.forceKill());
    await relay?.close();
    await fresh?.drop();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('both start; the migrations are applied once, the seed loaded once', { timeout: 120_000 }, async () => {
    fresh = await freshDatabase(serverUrl, { empty: true });
    relay = await gate(new URL(serverUrl), PORTS.length);
    const viaGate = new URL(fresh.url!);
    viaGate.host = `127.0.0.1:${GATE_PORT}`;
    dirs = PORTS.map(() => mkdtempSync(join(tmpdir(), 'breakshot-migrate-')));
    const shared = {
      DATABASE_URL: viaGate.toString(),
      DATABASE_REPLICA_URL: '',
      // Instances on one database share the sealing key and the operator token.
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ADMIN_TOKEN: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'info',
    };
    servers = PORTS.map((port, i) => new ServerProcess(port, { ...shared, DATA_DIR: dirs[i]! }));
    await Promise.all(servers.map((s) => s.start()));

    const files = await migrationFiles();
    const database: Database = await fresh.open();
    try {
      const recorded = await queryRows<{ name: string }>(
        database.db,
        sql`SELECT name FROM schema_migrations ORDER BY name`,
      );
      expect(recorded.map((r) => r.name)).toEqual(files);
      // The seed's banners and announcements, each once.
      const [notices] = await queryRows<{ all: number; distinct: number }>(
        database.db,
        sql`SELECT count(*)::int AS all, count(DISTINCT (type, title))::int AS distinct FROM notices`,
      );
      expect(notices!.all).toBeGreaterThan(0);
      expect(notices!.all).toBe(notices!.distinct);
    } finally {
      await database.close();
    }
    // One instance migrated and seeded; the other waited for it and found nothing to do.
    const applied = servers.map((s) => logged(s, 'migrations applied'));
    expect(applied.flat().map((l) => l.applied)).toEqual([files]);
    expect(servers.map((s) => logged(s, 'demo content loaded')).flat()).toHaveLength(1);
  });
});
