import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/*
 * The embedded database's data folder: private to this user, held by one process at a time,
 * and written durably. PGlite itself checks none of this.
 */

const LOCK_FILE = 'breakshot.lock';

/**
 * Makes the folder 0700 and everything in it 0700 (folders) or 0600 (files), whatever the umask,
 * and keeps files PGlite creates later private (umask 077 in this process). Returns the paths
 * whose modes were looser, so the caller can say it fixed them.
 */
export function secureFolder(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isMainThread) process.umask(0o077);
  const fixed: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      fixed.push(path);
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return fixed;
}

export class FolderInUseError extends Error {}

/** Whether a process with this pid runs (EPERM: it runs as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * Takes the folder's lock file (created exclusively, holding our pid and command) or throws
 * FolderInUseError naming the process that holds it. A lock left by a process that died is taken
 * over. Returns the release function.
 */
export function lockFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, LOCK_FILE);
  if (held.has(path))
    throw new FolderInUseError(`the data folder ${dir} is already open in this process (${process.pid})`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, command: process.argv.slice(1).join(' ') }));
      fsyncSync(fd);
      closeSync(fd);
      held.add(path);
      return () => {
        held.delete(path);
        if (existsSync(path)) unlinkSync(path);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(path);
      if (owner && alive(owner.pid)) {
        throw new FolderInUseError(
          `the data folder ${dir} is in use by process ${owner.pid} (${owner.command}); stop it first`,
        );
      }
      unlinkSync(path); // left by a process that is gone
    }
  }
  throw new FolderInUseError(`could not take the lock of the data folder ${dir}`);
}

function readOwner(path: string): { pid: number; command: string } | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; command?: unknown };
    return typeof owner.pid === 'number' ? { pid: owner.pid, command: String(owner.command ?? '') } : null;
  } catch {
    return null; // half-written by a process that died while writing it
  }
}

/**
 * PGlite starts PostgreSQL with -F (fsync off) and its Node file system ignores fsync. Here
 * PostgreSQL runs with fsync on and wal_sync_method=fsync (fdatasync is a no-op in the WASM
 * runtime), and the file system's fsync reaches the disk: a commit is on disk when acknowledged.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } };
}

export function syncToDisk(client: PGlite): void {
  const mod = (client as unknown as { mod: NodeFsModule }).mod;
  mod.NODEFS.stream_ops.fsync = (stream) => {
    fsyncSync(stream.nfd);
    return 0;
  };
}
