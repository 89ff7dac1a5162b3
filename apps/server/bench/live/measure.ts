import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../src/platform/db.js';
import { percentile } from '../lib/percentile.js';
import type { BenchPlayer } from '../lib/players.js';
import { startServer } from '../lib/server.js';
import { connectPlayers } from './clients.js';
import { ChainTransfers } from './transfers.js';

/*
 * One run of the live benchmark on a database holding `players`: the built server started on it,
 * one socket per player, RSS once steady, then the transfers and their events' delivery.
 */

export interface LivePlan {
  port: number;
  transfersPerSecond: number;
  seconds: number;
  /** Extra environment for the server (e.g. a profiler). */
  serverEnv?: Record<string, string>;
}

export interface LiveFigures {
  held: number;
  rssMb: number;
  p50: number;
  p99: number;
  transfersPerSecond: number;
  failed: number;
  lost: number;
}

/** Quiet time after the last socket opens: a whole ping round, so every socket has pinged. */
const STEADY_MS = 6_000;
/** How long events of the last transfers may take before they count as lost. */
const GRACE_MS = 2_000;

const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

export async function measureLive(
  database: Database,
  url: string,
  players: readonly BenchPlayer[],
  plan: LivePlan,
): Promise<LiveFigures> {
  // Transfers between a player's receiving and passing on (ChainTransfers): 1 s at full rate.
  const transfers = new ChainTransfers(database, players, plan.transfersPerSecond);
  await transfers.fund();
  const server = await startServer({
    databaseUrl: url,
    port: plan.port,
    env: { RATE_LIMIT_SCALE: '1000', ...plan.serverEnv },
  });
  try {
    const t = performance.now();
    const fleet = await connectPlayers(server.base, players, transfers.onEvent);
    console.log(`${fleet.open()} sockets open in ${since(t)}`);
    await sleep(STEADY_MS);
    const rssMb = server.rssMb();
    console.log(`steady: ${fleet.open()} open, server RSS ${rssMb.toFixed(0)} MB`);

    // This process's own lag shows in every arrival time: printed to tell it from the server's.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const run = await transfers.run(plan.transfersPerSecond, plan.seconds);
    await sleep(GRACE_MS);
    lag.disable();
    const held = fleet.open();
    const { latencies, lost, unexpected } = transfers.delivery();
    console.log(
      `after the transfers: server RSS ${server.rssMb().toFixed(0)} MB, ${run.failed} transfers failed, ` +
        `${unexpected} unexpected events, ${fleet.dropped()} sockets dropped, ${fleet.latePongs()} late pongs; ` +
        `this process's event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`,
    );
    await fleet.close();
    return {
      held,
      rssMb,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      transfersPerSecond: run.perSecond,
      failed: run.failed,
      lost,
    };
  } finally {
    await server.stop();
  }
}
