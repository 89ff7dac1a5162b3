import { monotonicMs, since } from '../lib/clock.js';
import { createPlayers } from '../lib/players.js';
import { benchRow, roundToTenth } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { measureLive } from './measure.js';

/*
 * Live connections. One built server on a scratch PostgreSQL database holds
 * CONNECTIONS players' sockets (one per player, opened as the player app does: getWss ticket, then
 * /ws), each pinging every 5 s; its RSS is read once all are open and a ping round has passed.
 * Then WRITERS processes, as that many other instances, write TRANSFERS_PER_S ledger transfers a
 * second between them for SECONDS (the ledger's pg_notify reaches the server's hub), and each
 * BALANCE_UPDATED is timed from the commit's acknowledgement in its writer to its arrival on the
 * player's socket in a client process (both on the machine's monotonic clock: transfers.ts).
 * Absolute budgets, no baseline: CONNECTIONS held, RSS ≤ 400 MB, delivery p99 ≤ 50 ms, the
 * transfer rate reached, no event lost. CLIENT_PROCESSES processes hold the client ends
 * (fleet.ts), so no one event loop takes every arrival; the open-file limit (20,000 here) applies
 * to the server's 19,000. LIVE_SERVER_NODE_ARGS (space-separated, e.g. "--trace-gc") starts the
 * server with those node options.
 */

const CONNECTIONS = 19_000;
const RSS_BUDGET_MB = 400;
const P99_BUDGET_MS = 50;
const TRANSFERS_PER_S = 1_000;
const SECONDS = 10;
const WRITERS = 2;
const CLIENT_PROCESSES = 2;

await withScratchDatabase(async (database, url) => {
  const t = monotonicMs();
  const players = await createPlayers(database, CONNECTIONS, 'live');
  console.log(`${CONNECTIONS} players registered in ${since(t)}`);
  const f = await measureLive(url, players, {
    port: 3380,
    transfersPerSecond: TRANSFERS_PER_S,
    seconds: SECONDS,
    writers: WRITERS,
    clientProcesses: CLIENT_PROCESSES,
    serverNodeArgs: process.env.LIVE_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  });

  benchRow({
    bench: 'live',
    case: 'connections held',
    figure: f.held,
    unit: 'sockets',
    budget: `>= ${CONNECTIONS}`,
    ok: f.held >= CONNECTIONS,
  });
  benchRow({
    bench: 'live',
    case: 'server RSS, connections open',
    figure: Math.round(f.rssMb),
    unit: 'MB',
    budget: `<= ${RSS_BUDGET_MB} MB`,
    ok: f.rssMb <= RSS_BUDGET_MB,
  });
  benchRow({
    bench: 'live',
    case: 'BALANCE_UPDATED p50',
    figure: roundToTenth(f.p50),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: 'live',
    case: 'BALANCE_UPDATED p99',
    figure: roundToTenth(f.p99),
    unit: 'ms',
    budget: `<= ${P99_BUDGET_MS} ms`,
    ok: f.p99 <= P99_BUDGET_MS,
  });
  benchRow({
    bench: 'live',
    case: 'transfers/s',
    figure: Math.round(f.transfersPerSecond),
    unit: 'transfers/s',
    budget: `>= ${TRANSFERS_PER_S}, none failed (${f.failed} failed)`,
    ok: f.transfersPerSecond >= TRANSFERS_PER_S && f.failed === 0,
  });
  benchRow({ bench: 'live', case: 'events lost', figure: f.lost, unit: 'events', budget: '0', ok: f.lost === 0 });
});
