import pg from 'pg';

/*
 * Where the database connections of a run spend their time: pg_stat_activity of the scratch
 * database sampled every SAMPLE_MS, each backend counted by what it was doing (running a
 * statement, idle in a transaction while the client thinks, waiting on a lock, flushing WAL…).
 * A diagnostic of the money benchmark (MONEY_WAITS=1), not a figure with a budget.
 */

const SAMPLE_MS = 20;

export interface WaitSampler {
  /** Stops sampling; returns "what: share of samples" lines, most frequent first. */
  stop(): Promise<string[]>;
}

export async function sampleWaits(url: string): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  let total = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT coalesce(state, '?') || coalesce(' ' || wait_event_type || ':' || wait_event, '') AS what
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      total += 1;
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([what, n]) => `${what}: ${(n / Math.max(total, 1)).toFixed(2)} backends on average`);
    },
  };
}
