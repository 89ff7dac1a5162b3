import pg from 'pg';

/*
 * What a case's calls cost the database in commits and WAL, from PostgreSQL's own counters: the
 * scratch database's commits (pg_stat_database) and the cluster's WAL records, bytes and flushes
 * to disk (pg_stat_wal, PostgreSQL 14+), per call. Flushes fewer than commits: group commit, one
 * flush covering the commits that waited together. A diagnostic of the money benchmark.
 */

interface Counters {
  commits: number;
  records: number;
  bytes: number;
  syncs: number;
}

async function counters(url: string): Promise<Counters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof Counters, string>>(
      `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
              wal_records AS records, wal_bytes AS bytes, wal_sync AS syncs
       FROM pg_stat_wal`,
    );
    const row = rows[0]!;
    return {
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
      const per = (k: keyof Counters) => (after[k] - before[k]) / Math.max(calls, 1);
      return (
        `per call: ${per('commits').toFixed(2)} commits, ${per('records').toFixed(1)} WAL records, ` +
        `${(per('bytes') / 1024).toFixed(1)} KB WAL, ${per('syncs').toFixed(2)} WAL flushes`
      );
    },
  };
}
