import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientPing } from '@breakshot/contracts';
import { AppError } from '../errors.js';
import { limiter } from '../rate-limit.js';
import { ipKey } from '../ip-key.js';
import { CLOSE_BAD_TOKEN, sendOrDrop } from './hub.js';
import { redeemTicket } from './tickets.js';

type LiveRequest = FastifyRequest<{ Querystring: { token?: string | string[] } }>;

/**
 * GET /ws?token=<one-use ticket>: a player's connection, refused with 401 before the upgrade when
 * the ticket is bad (an empty one included). GET /ws with no token at all: a guest's connection to
 * the public channel (match scores and odds, notices), refused with 429 when its IP opens too many.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const guestAttempts = limiter(app, app.ctx.rateLimits, 'ip', '/ws');

  /**
   * Within the per-IP rate of new guest connections and the caps of open ones (checked before the
   * upgrade: the rate bounds how far simultaneous upgrades can overshoot a cap).
   */
  const admitsGuest = async (req: LiveRequest): Promise<boolean> => {
    try {
      await guestAttempts(req);
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
    return app.ctx.live.hasGuestRoom(clientIp(req));
  };

  app.get<{ Querystring: { token?: string | string[] } }>(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        if (isGuest(req)) {
          if (!(await admitsGuest(req))) return reply.code(429).send({ error: 'too many connections' });
          return;
        }
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        const user = token ? await redeemTicket(app.ctx.db, token, app.ctx.now()) : null;
        if (!user) return reply.code(401).send({ error: 'invalid or used token' });
        req.user = user;
      },
    },
    (socket, req) => {
      if (req.user) app.ctx.live.add(socket, req.user);
      else if (isGuest(req)) app.ctx.live.addGuest(socket, clientIp(req));
      else return socket.close(CLOSE_BAD_TOKEN, 'invalid token');
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        if (isPing(data.toString())) sendOrDrop(socket, 'pong');
      });
    },
  );
}

const isGuest = (req: LiveRequest): boolean => req.query.token === undefined;

// injectWS requests carry no ip (STACK.md pitfall 4). An IPv6 client counts by its /64.
const clientIp = (req: FastifyRequest): string => ipKey(req.ip ?? 'no-ip');

function isPing(text: string): boolean {
  try {
    return clientPing.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}
