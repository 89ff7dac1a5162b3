import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { admin } from '../lib/scratch-db.js';

/*
 * The money benchmark's yardstick: pgbench's TPC-B-like transaction (three account updates, a
 * read and a history insert, docs in PostgreSQL's pgbench manual) on the same PostgreSQL server,
 * in the same sitting, with as many connections as the money calls have. A money call's tx/s over
 * this one says how near the database's own limit for small write transactions the server runs,
 * whatever the machine. pgbench gets a database of its own (scale 10: 10 branches, so 50 clients
 * contend on the branch rows as the money calls contend on the house account), dropped after.
 */

const run = promisify(execFile);

const SCALE = 10;
const CLIENTS = 50;
const THREADS = 2;
const SECONDS = 10;

/** The tps line of pgbench's report (PostgreSQL 15: "tps = 1234.56 (without initial connection time)"). */
const TPS_LINE = /^tps = ([\d.]+) \(without initial connection time\)$/m;

/** pgbench's -h -p -U (and the environment) for the server of `url`. */
function connectionArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  return { args, env: { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) } };
}

/**
 * TPC-B transactions per second on the server of `url` (the database `url` names only connects:
 * pgbench gets its own).
 */
export async function pgbenchTpcb(url: string): Promise<number> {
  const { args, env } = connectionArgs(url);
  const database = `bench_tpcb_${process.pid}`;
  await admin(`CREATE DATABASE ${database}`, url);
  try {
    await run('pgbench', [...args, '-i', '-s', String(SCALE), '-q', database], { env });
    // -n: the initialisation vacuumed already.
    const { stdout } = await run(
      'pgbench',
      [...args, '-c', String(CLIENTS), '-j', String(THREADS), '-T', String(SECONDS), '-n', database],
      { env },
    );
    const tps = TPS_LINE.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps line:\n${stdout}`);
    return Number(tps);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`, url);
  }
}
