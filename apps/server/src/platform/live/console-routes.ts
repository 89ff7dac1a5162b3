import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleLive } from '@breakshot/contracts';
import { inConsoleLane } from '../console-lane.js';
import type { Acting } from '../operator-area.js';
import { CLOSE_BAD_TOKEN } from './hub.js';
import { releaseUpgrade } from './routes.js';

export interface ConsoleLiveOptions {
  /** Uses a console ticket up (the operators module): who its session acts as, or null. */
  redeem: (ticket: string) => Promise<Acting | null>;
}

/**
 * GET /ws/console?ticket=<one-use ticket>: a console session's connection (ConsoleChannel),
 * refused with 401 before the upgrade when the ticket is missing, used, expired or its session
 * has ended.
 */
export async function consoleLiveRoutes(app: FastifyInstance, options: ConsoleLiveOptions): Promise<void> {
  // Who each upgrade's ticket named, from the check to the socket (the request is not decorated here).
  const operators = new WeakMap<FastifyRequest, Acting>();
  app.get<{ Querystring: { ticket?: string | string[] } }>(
    consoleLive.CONSOLE_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (req, reply) => {
        const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : '';
        const operator = ticket ? await inConsoleLane(() => options.redeem(ticket)) : null;
        if (!operator) return reply.code(401).send({ error: 'invalid or used ticket' });
        operators.set(req, operator);
      },
    },
    (socket, req) => {
      releaseUpgrade(socket, req, function (this, err) {
        app.log.error(err);
        this.terminate();
      });
      const operator = operators.get(req);
      if (operator) app.ctx.live.console.add(socket, operator);
      else socket.close(CLOSE_BAD_TOKEN, 'invalid ticket');
    },
  );
}
