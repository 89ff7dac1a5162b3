import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** However a connection hangs, the process exits this long after the signal. */
const HARD_DEADLINE_MS = 10_000;

/**
 * On SIGTERM or SIGINT, stops without cutting anyone off: readiness turns 503 (load balancers send
 * no more), the listener closes (new connections go to other instances), the requests in flight
 * are answered, then the live sockets close with 1001 (the clients reconnect, now to another
 * instance), the jobs stop and the database closes. Call before listen.
 */
export function drainOnSignals(app: FastifyInstance): void {
  /** Requests being answered (an upgrade to /ws is not one), and who waits for none to be left. */
  let inFlight = 0;
  let allAnswered: (() => void) | null = null;
  let stopping = false;
  // Before Fastify's own listener, which may answer at once.
  app.server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    // Draining: the connection closes after this answer, so a client's next request goes elsewhere.
    if (stopping) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) allAnswered?.();
    });
  });

  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, inFlight }, 'shutting down');
    const force = setTimeout(() => process.exit(1), HARD_DEADLINE_MS).unref();
    try {
      app.startDraining();
      const closed = new Promise((resolve) => app.server.close(resolve));
      if (inFlight > 0) await new Promise<void>((resolve) => (allAnswered = resolve));
      app.server.closeIdleConnections();
      await app.ctx.live.stop();
      // Every connection ended (the sockets' closing handshakes included), or a second at most.
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      await app.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
