import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { auth } from '@breakshot/contracts';
import { call } from './test-app.js';

/** Listens on a free port of 127.0.0.1 and returns the ws:// base. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}`;
}

/** A live connection as the player app opens it: getWss first, then /ws?token=. */
export async function getWssToken(app: FastifyInstance, session: string): Promise<string> {
  const res = await call(app, auth.getWss, {}, { token: session });
  if (res.code !== 200) throw new Error(`getWss failed: ${res.msg}`);
  return res.data.token;
}

export interface LiveClient {
  socket: WebSocket;
  /** The next text message. */
  next(): Promise<string>;
  closed: Promise<{ code: number; reason: string }>;
}

export function openLive(base: string, ticket: string): Promise<LiveClient> {
  return openSocket(`${base}/ws?token=${encodeURIComponent(ticket)}`);
}

/** A guest's connection to the public channel: /ws with no token. */
export function openGuest(base: string): Promise<LiveClient> {
  return openSocket(`${base}/ws`);
}

function openSocket(url: string): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const queue: string[] = [];
    const waiting: ((text: string) => void)[] = [];
    socket.on('message', (data) => {
      const text = data.toString();
      const waiter = waiting.shift();
      if (waiter) waiter(text);
      else queue.push(text);
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('open', () =>
      resolve({
        socket,
        closed,
        next: () => {
          const queued = queue.shift();
          return queued !== undefined ? Promise.resolve(queued) : new Promise((r) => waiting.push(r));
        },
      }),
    );
    socket.on('error', reject);
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused: HTTP ${res.statusCode}`)));
  });
}

/** Resolves once the hub of app holds n sockets of the user (waits up to 10 s: CI machines are busy). */
export async function waitForSockets(app: FastifyInstance, userId: number, n: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (app.ctx.live.socketCount(userId) === n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${n} sockets of user ${userId}, have ${app.ctx.live.socketCount(userId)}`);
}
