import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../errors.js';
import { limiter } from '../rate-limit.js';
import { clientKey } from '../ip-key.js';
import { CLOSE_BAD_TOKEN } from './hub.js';
import { redeemTicket } from './tickets.js';

type LiveRequest = FastifyRequest<{ Querystring: { token?: string | string[] } }>;

/**
 * GET /ws?token=<one-use ticket>: a player's connection, refused with 401 before the upgrade when
 * the ticket is bad (an empty one included). GET /ws with no token at all: a guest's connection to
 * the public channel (match scores and odds, notices), refused with 429 when its IP opens too many.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const guestAttempts = limiter(app, app.ctx.rateLimits, 'ip', '/ws');
  // As @fastify/websocket's own: logged, and the socket dropped. One function for every socket.
  const onSocketError = function (this: WebSocket, err: Error): void {
    app.log.error(err);
    this.terminate();
  };

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
    return app.ctx.live.hasGuestRoom(clientKey(req));
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
      releaseUpgrade(socket, req, onSocketError);
      if (req.user) app.ctx.live.add(socket, req.user);
      else if (isGuest(req)) app.ctx.live.addGuest(socket, clientKey(req));
      else socket.close(CLOSE_BAD_TOKEN, 'invalid token');
    },
  );
}

/**
 * @fastify/websocket keeps the upgrade's request and reply for as long as the socket lives: its
 * 'error' listener closes over them, and the TCP socket still points at the reply (assignSocket
 * set its _httpMessage), with the request, its headers and its logger behind. Some 5 KB a socket,
 * for nothing once upgraded: the listener gives way to `onError`, and the reply lets go of the socket.
 */
export function releaseUpgrade(
  socket: WebSocket,
  req: FastifyRequest,
  onError: (this: WebSocket, err: Error) => void,
): void {
  socket.removeAllListeners('error');
  socket.on('error', onError);
  const tcp = req.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

const isGuest = (req: LiveRequest): boolean => req.query.token === undefined;
