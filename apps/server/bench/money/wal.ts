import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

/*
 * What a case's calls cost the database in commits and WAL, from PostgreSQL's own counters: the
 * scratch database's commits (pg_stat_database) and the cluster's WAL records, bytes and flushes
 * to disk (pg_stat_wal, PostgreSQL 14+), per call. Flushes fewer than commits: group commit, one
 * flush covering the commits that waited together. A diagnostic of the money benchmark.
 */

interface Counters {
  lsn: string;
  commits: number;
  records: number;
  bytes: number;
  syncs: number;
}

/** The cluster's WAL folder and its version's pg_waldump (Debian's layout), for MONEY_WALDUMP: read once. */
let walDump: { directory: string; tool: string } | undefined;

async function walDumpOf(client: pg.Client): Promise<{ directory: string; tool: string }> {
  const { rows } = await client.query<{ dir: string; major: number }>(
    `SELECT current_setting('data_directory') || '/pg_wal' AS dir,
            current_setting('server_version_num')::int / 10000 AS major`,
  );
  return { directory: rows[0]!.dir, tool: `/usr/lib/postgresql/${rows[0]!.major}/bin/pg_waldump` };
}

/**
 * MONEY_WALDUMP=1: the WAL records written between two positions, by kind, per call, the most
 * first (pg_waldump --stats=record), so a case's records can be told apart: the rows it writes,
 * their index entries, the row locks it takes, its commits. The whole cluster's: run it alone.
 */
function walRecordsByKind(from: string, to: string, calls: number): string {
  if (!walDump || !existsSync(walDump.tool)) return `no ${walDump?.tool ?? 'pg_waldump'} here`;
  const out = execFileSync(walDump.tool, ['--stats=record', '-p', walDump.directory, '-s', from, '-e', to], {
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  const kinds = out
    .split('\n')
    .map((line) => /^(\S+(?: \S+)*?)\s{2,}(\d+) \(/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null && m[1] !== 'Total')
    .map((m) => ({ kind: m[1]!, n: Number(m[2]) / Math.max(calls, 1) }))
    .filter((k) => k.n >= 0.05)
    .sort((a, b) => b.n - a.n);
  return kinds.map((k) => `${k.kind} ${k.n.toFixed(2)}`).join(', ');
}

async function counters(url: string): Promise<Counters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof Counters, string>>(
      `SELECT pg_current_wal_lsn()::text AS lsn, (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
              wal_records AS records, wal_bytes AS bytes, wal_sync AS syncs
       FROM pg_stat_wal`,
    );
    const row = rows[0]!;
    if (process.env.MONEY_WALDUMP) walDump ??= await walDumpOf(client);
    return {
      lsn: row.lsn,
      commits: Number(row.commits),
      records: Number(row.records),
      bytes: Number(row.bytes),
      syncs: Number(row.syncs),
    };
  } finally {
    await client.end();
  }
}

/** Starts counting; `stop(calls)` gives the commits, WAL records, bytes and flushes per call, as one line. */
export async function countWal(url: string): Promise<{ stop(calls: number): Promise<string> }> {
  const before = await counters(url);
  return {
    async stop(calls) {
      const after = await counters(url);
      const per = (k: Exclude<keyof Counters, 'lsn'>) => (after[k] - before[k]) / Math.max(calls, 1);
      const line =
        `per call: ${per('commits').toFixed(2)} commits, ${per('records').toFixed(1)} WAL records, ` +
        `${(per('bytes') / 1024).toFixed(1)} KB WAL, ${per('syncs').toFixed(2)} WAL flushes`;
      if (!process.env.MONEY_WALDUMP) return line;
      return `${line}\n  WAL records a call, by kind: ${walRecordsByKind(before.lsn, after.lsn, calls)}`;
    },
  };
}
