import WebSocket from 'ws';
import { API_PREFIX, PING_INTERVAL_MS, PONG_TIMEOUT_MS } from '@breakshot/contracts';
import { monotonicMs } from '../lib/clock.js';
import type { BenchPlayer } from '../lib/players.js';
import { HeldSockets } from './held-sockets.js';

/*
 * Players' live connections as the player app opens them (apps/web/src/lib/live.ts): a one-use
 * ticket from POST getWss, then /ws?token=<ticket>; a ping ({type:'ping', ts}) at once and every
 * PING_INTERVAL_MS, each answered by the text `pong`.
 */

/** Called with each event a player's socket receives and the moment it arrived (monotonicMs). */
export type OnEvent = (userId: number, text: string, at: number) => void;

export interface Fleet {
  /** Sockets open now. */
  open(): number;
  /** Sockets the server closed (or that failed) after they had opened. */
  dropped(): number;
  /** Pings whose pong came later than PONG_TIMEOUT_MS (or not before the next ping). */
  latePongs(): number;
  close(): Promise<void>;
}

interface Client {
  timer: NodeJS.Timeout | null;
  /** When the unanswered ping was sent; 0: none waiting. */
  pingSentAt: number;
}

/** Opens one connection per player, `concurrency` at a time; rejects if any is refused. */
export async function connectPlayers(
  base: string,
  players: readonly BenchPlayer[],
  onEvent: OnEvent,
  concurrency = 64,
): Promise<Fleet> {
  const sockets = new HeldSockets();
  let latePongs = 0;

  const connect = async (player: BenchPlayer): Promise<void> => {
    const ticket = await getTicket(base, player.token);
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(ticket)}`);
    const client: Client = { timer: null, pingSentAt: 0 };
    const ping = () => {
      const now = monotonicMs();
      if (client.pingSentAt) latePongs += 1;
      client.pingSentAt = now;
      socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
    };
    socket.on('message', (data) => {
      const at = monotonicMs();
      const text = data.toString();
      if (text === 'pong') {
        if (client.pingSentAt && at - client.pingSentAt > PONG_TIMEOUT_MS) latePongs += 1;
        client.pingSentAt = 0;
      } else onEvent(player.userId, text, at);
    });
    // The pings stop when the socket closes, dropped or closed by close().
    await sockets.hold(socket, () => {
      if (client.timer) clearInterval(client.timer);
    });
    ping();
    client.timer = setInterval(ping, PING_INTERVAL_MS);
  };

  let next = 0;
  const worker = async () => {
    for (let i = next++; i < players.length; i = next++) await connect(players[i]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  return {
    open: () => sockets.open(),
    dropped: () => sockets.dropped(),
    latePongs: () => latePongs,
    close: () => sockets.close(),
  };
}

async function getTicket(base: string, session: string): Promise<string> {
  const res = await fetch(`${base}${API_PREFIX}/getWss`, {
    method: 'POST',
    headers: { token: session, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (!body.data?.token) throw new Error(`getWss: HTTP ${res.status} ${body.code} ${body.msg}`);
  return body.data.token;
}
