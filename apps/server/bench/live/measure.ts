import { setTimeout as sleep } from 'node:timers/promises';
import { monotonicMs, since } from '../lib/clock.js';
import { percentile } from '../lib/percentile.js';
import type { BenchPlayer } from '../lib/players.js';
import { startServer, type RunningServer } from '../lib/server.js';
import { ClientFleet } from './fleet.js';
import { ChainTransfers } from './transfers.js';

/*
 * One run of the live benchmark on a database holding `players`: the built server started on it,
 * one socket per player, RSS once steady, then the transfers and their events' delivery.
 */

export interface LivePlan {
  port: number;
  transfersPerSecond: number;
  seconds: number;
  /** Processes writing the transfers, as that many other instances. */
  writers: number;
  /** Processes holding the players' sockets, a share each. */
  clientProcesses: number;
  /** Extra environment for the server. */
  serverEnv?: Record<string, string>;
  /** Node options for the server, e.g. ['--trace-gc'] to see its collector's pauses. */
  serverNodeArgs?: string[];
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

export async function measureLive(url: string, players: readonly BenchPlayer[], plan: LivePlan): Promise<LiveFigures> {
  const transfers = new ChainTransfers(url, players, plan.transfersPerSecond, plan.seconds, plan.writers);
  try {
    await transfers.fund();
    const server = await startServer({
      databaseUrl: url,
      port: plan.port,
      env: { RATE_LIMIT_SCALE: '1000', ...plan.serverEnv },
      nodeArgs: plan.serverNodeArgs,
    });
    try {
      return await measureOn(server, players, transfers, plan.clientProcesses);
    } finally {
      await server.stop();
    }
  } finally {
    transfers.kill();
  }
}

async function measureOn(
  server: RunningServer,
  players: readonly BenchPlayer[],
  transfers: ChainTransfers,
  clientProcesses: number,
): Promise<LiveFigures> {
  const t = monotonicMs();
  const fleet = await ClientFleet.open(server.base, players, clientProcesses);
  try {
    console.log(`${players.length} sockets open in ${since(t)} (${clientProcesses} client processes)`);
    await sleep(STEADY_MS);
    const rssMb = server.rssMb();
    console.log(`steady: server RSS ${rssMb.toFixed(0)} MB`);

    // The client processes' own lag shows in every arrival time: printed to tell it from the server's.
    fleet.measure();
    const run = await transfers.run();
    await sleep(GRACE_MS);
    const clients = await fleet.report(transfers.onEvent);
    const { latencies, lost, unexpected } = transfers.delivery();
    console.log(transfers.slowestBySecond(percentile(latencies, 99)));
    console.log(
      `after the transfers: server RSS ${server.rssMb().toFixed(0)} MB, ${run.failed} transfers failed, ` +
        `${unexpected} unexpected events, ${clients.dropped} sockets dropped, ${clients.latePongs} late pongs; ` +
        `${run.waited} transfers waited for their sender's money; event-loop delay p99 in the client processes ` +
        `${clients.loopDelayP99.toFixed(1)} ms, in the writers ${run.writerLoopDelayP99.toFixed(1)} ms; ` +
        `writers' CPU ${run.writerCpuMsPerTransfer.toFixed(2)} ms a transfer`,
    );
    return {
      held: clients.held,
      rssMb,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      transfersPerSecond: run.perSecond,
      failed: run.failed,
      lost,
    };
  } finally {
    fleet.kill();
  }
}
