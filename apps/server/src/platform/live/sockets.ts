import type { RawData, WebSocket } from 'ws';
import { clientPing } from '@breakshot/contracts';

/* What the players' and the console's sockets share (hub.ts, console-channel.ts). */

/**
 * A socket holding more unsent data than this has a peer that stopped reading (stalled, or keeping
 * the server's memory on purpose): it is dropped instead of buffering every later event.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One listener for every socket, `this` being the socket: a closure per socket costs memory on each. */
export function perSocket<A extends unknown[]>(fn: (socket: WebSocket, ...args: A) => void) {
  return function (this: WebSocket, ...args: A): void {
    fn(this, ...args);
  };
}

/** The answer to a ping, made once: every pong's frame shares it. */
export const PONG = Buffer.from('pong');

/** Sends a text frame, or terminates the socket when its peer stopped reading (MAX_BUFFERED_BYTES). */
export function sendOrDrop(socket: WebSocket, text: string | Buffer): void {
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
  else socket.send(text, { binary: false });
}

export function isPing(data: RawData): boolean {
  try {
    return clientPing.safeParse(JSON.parse(data.toString())).success;
  } catch {
    return false;
  }
}
