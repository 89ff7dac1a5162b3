import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** However a connection hangs, the process exits this long after the signal. */
const HARD_DEADLINE_MS = 10_000;
/** How long a request whose client left is still waited for, its handler not done. */
const LEFT_EARLY_MS = 5_000;

/** Requests whose client left before their answer, by raw request: what ends their count. */
const leftEarly = new WeakMap<IncomingMessage, () => void>();

/**
 * Tells drainOnSignals when the handler of a request whose client left has answered all the same
 * (Fastify calls onSend then, with nobody to send to). Call while building the app, before ready.
 */
export function answersOfLeftClients(app: FastifyInstance): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    leftEarly.get(request.raw)?.();
    return payload;
  });
}

/**
 * On SIGTERM or SIGINT, stops without cutting anyone off: readiness turns 503 (load balancers send
 * no more), the listener closes (new connections go to other instances), the requests in flight
 * are answered (their handlers done, even where the client left), then the live sockets close
 * with 1001 (the clients reconnect, now to another instance), the jobs stop and the database
 * closes. Call before listen.
 */
export function drainOnSignals(app: FastifyInstance): void {
  /** Requests being answered (an upgrade to /ws is not one), and who waits for none to be left. */
  let inFlight = 0;
  let allAnswered: (() => void) | null = null;
  let stopping = false;
  // Before Fastify's own listener, which may answer at once.
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    // Draining: the connection closes after this answer, so a client's next request goes elsewhere.
    if (stopping) res.setHeader('connection', 'close');
    let counted = true;
    const answered = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      if (inFlight === 0) allAnswered?.();
    };
    res.once('close', () => {
      if (res.writableFinished) return answered();
      // The client left first: its handler may still be working, on the database too, so the
      // request counts until the handler answers all the same (answersOfLeftClients), or for
      // LEFT_EARLY_MS at most.
      leftEarly.set(req, answered);
      setTimeout(answered, LEFT_EARLY_MS).unref();
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
