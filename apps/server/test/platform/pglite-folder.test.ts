import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/platform/db.js';
import { FolderInUseError } from '../../src/platform/pglite-folder.js';

const LEDGER_CHECK = fileURLToPath(new URL('../../src/tools/ledger-check.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'breakshot-folder-'));
afterAll(() => process.umask(0o022));

/** Every path under dir with a mode other than 0700 (folders) or 0600 (files). */
function loosePaths(dir: string): string[] {
  const loose: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o777) !== (stat.isDirectory() ? 0o700 : 0o600)) loose.push(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return loose;
}

function ledgerCheck(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', LEDGER_CHECK], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

// Each test migrates fresh folders and starts processes: close to 20 s on a machine busy with the suite.
describe('the PGlite data folder', { timeout: 60_000 }, () => {
  it('is private whatever the umask: folder 0700, files 0600; looser modes are fixed at open', async () => {
    process.umask(0o022);
    const dir = join(root, 'fresh');
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`CREATE TABLE secret (v text)`);
    await database.db.execute(sql`INSERT INTO secret VALUES ('hmac-key')`);
    await database.close();
    expect(readdirSync(dir)).toContain('pg_wal');
    expect(loosePaths(dir)).toEqual([]);

    const loose = join(root, 'loose');
    mkdirSync(loose);
    chmodSync(loose, 0o777);
    writeFileSync(join(loose, 'note'), 'x', { mode: 0o666 });
    chmodSync(join(loose, 'note'), 0o666);
    process.umask(0o022);
    await (await openDatabase({ dataDir: loose })).close();
    expect(loosePaths(loose)).toEqual([]);
  });

  it('is held by one opener at a time: a second one, in this process or another, is refused by name', async () => {
    const dir = join(root, 'locked');
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(FolderInUseError);
      const other = await ledgerCheck({ DATA_DIR: dir });
      expect(other.code).toBe(2);
      expect(other.out).toContain(`is in use by process ${process.pid}`);
      // PostgreSQL acknowledges commits only once they are on disk.
      const [fsync] = await queryRows<{ fsync: string }>(first.db, sql`SHOW fsync`);
      expect(fsync?.fsync).toBe('on');
    } finally {
      await first.close();
    }
    // Released on close; a lock left by a process that died is taken over.
    writeFileSync(join(dir, 'breakshot.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, command: 'gone' }));
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    expect(existsSync(join(dir, 'breakshot.lock'))).toBe(false);
  });

  it('ledger:check resolves DATA_DIR from where npm was run and never creates a database', async () => {
    const fresh = await ledgerCheck({ INIT_CWD: root, DATA_DIR: 'nothing-here' });
    expect(fresh.code).toBe(2);
    expect(fresh.out).toContain(`no database in ${join(root, 'nothing-here')}`);
    expect(existsSync(join(root, 'nothing-here'))).toBe(false);
    // The folder of the first test, named relative to INIT_CWD, is found (and has no ledger tables).
    const relative = await ledgerCheck({ INIT_CWD: root, DATA_DIR: 'fresh' });
    expect(relative.out).toContain('no ledger tables yet');
  });
});
