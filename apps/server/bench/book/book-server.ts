import { availableParallelism } from 'node:os';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * The server the book's benchmarks measure: built, one worker per core as deployed (BOOK_WORKERS:
 * another count), rate limits out of the way. BOOK_SERVER_NODE_ARGS (space-separated, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof") starts it with those node options.
 */

const WORKERS = Number(process.env.BOOK_WORKERS ?? availableParallelism());

export function startBookServer(databaseUrl: string, port: number): Promise<RunningServer> {
  return startServer({
    databaseUrl,
    port,
    env: { RATE_LIMIT_SCALE: '1000', SERVER_WORKERS: String(WORKERS) },
    nodeArgs: process.env.BOOK_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
}
