import type { FastifyInstance } from 'fastify';
import { clientPing } from '@breakshot/contracts';
import { CLOSE_BAD_TOKEN } from './hub.js';
import { redeemTicket } from './tickets.js';

/** GET /ws?token=<one-use ticket>: refused with 401 before the upgrade when the ticket is bad. */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { token?: string } }>(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        const user = token ? await redeemTicket(app.ctx.db, token, app.ctx.now()) : null;
        if (!user) return reply.code(401).send({ error: 'invalid or used token' });
        req.user = user;
      },
    },
    (socket, req) => {
      if (!req.user) return socket.close(CLOSE_BAD_TOKEN, 'invalid token');
      app.ctx.live.add(socket, req.user);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        if (isPing(data.toString())) socket.send('pong');
      });
    },
  );
}

function isPing(text: string): boolean {
  try {
    return clientPing.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}
