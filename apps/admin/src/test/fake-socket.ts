import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { consoleLive } from '@breakshot/contracts';

/**
 * A stand-in for the browser's WebSocket, installed on globalThis by `fakeSockets()`: the console
 * opens it as it would the real one, and the test plays the server (open, push an event, close).
 * Pings are answered `pong` unless `answerPings` is false.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readonly url: string;
  sent: string[] = [];
  /** The code the console closed it with; undefined while it has not. */
  closedWith: number | undefined;
  answerPings = true;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(data);
    if (this.answerPings && (JSON.parse(data) as { type?: string }).type === 'ping')
      queueMicrotask(() => this.onmessage?.({ data: 'pong' }));
  }

  close(code?: number) {
    this.closedWith = code ?? 1000;
  }

  /** The ticket it was opened with. */
  get ticket(): string | null {
    return new URL(this.url).searchParams.get('ticket');
  }

  pings(): { type: string; ts: number }[] {
    return this.sent.map((s) => JSON.parse(s) as { type: string; ts: number }).filter((m) => m.type === 'ping');
  }

  // The server's side.
  open() {
    act(() => this.onopen?.({}));
  }

  push(event: consoleLive.ConsoleEvent | { type: string; [k: string]: unknown }) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }

  serverClose(code: number) {
    act(() => this.onclose?.({ code }));
  }
}

/** Installs FakeSocket as the WebSocket of this test (vi.unstubAllGlobals puts the network guard's back). */
export function fakeSockets() {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  return {
    all: () => FakeSocket.all,
    last: () => FakeSocket.all.at(-1),
  };
}
