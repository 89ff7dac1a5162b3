import pg from 'pg';

/*
 * What the database is running while a benchmark of the book measures (BOOK_ACTIVITY=1):
 * pg_stat_activity of the scratch database sampled every SAMPLE_MS, each backend not idle counted
 * by its state, its wait and the start of its statement. The statements seen most often are where
 * the database's time goes (a diagnostic, like money/waits.ts, but by statement).
 */

const SAMPLE_MS = 20;
/** Characters of a statement that name it. */
const HEAD = 160;

export interface ActivitySampler {
  /** Stops sampling; the `rows` most frequent "share × state wait: statement" lines. */
  stop(rows?: number): Promise<string[]>;
}

export async function sampleActivity(url: string): Promise<ActivitySampler> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT state || coalesce(' ' || wait_event_type || ':' || wait_event, '') || ' | ' ||
                regexp_replace(left(query, ${HEAD}), '\\s+', ' ', 'g') AS what
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      samples += 1;
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  return {
    stop: async (rows = 15) => {
      running = false;
      await loop;
      await client.end();
      return [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, rows)
        .map(([what, n]) => `${(n / Math.max(samples, 1)).toFixed(2)} × ${what}`);
    },
  };
}
