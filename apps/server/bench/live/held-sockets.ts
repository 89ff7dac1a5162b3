import WebSocket from 'ws';

/*
 * The client ends of /ws a benchmark's process holds (clients.ts's players, book/watcher-process.ts's
 * guests), counted alike: those open now, and those dropped, closed by the server (or failed) after
 * they had opened, as opposed to the ones the benchmark closes at its end.
 */
export class HeldSockets {
  private readonly sockets: WebSocket[] = [];
  private openCount = 0;
  private droppedCount = 0;
  private closing = false;

  /** Resolves once `socket` is open (rejects if it is refused), then holds it; `onClose` runs when it closes. */
  async hold(socket: WebSocket, onClose: () => void = () => {}): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`/ws refused: HTTP ${res.statusCode}`)));
    });
    this.openCount += 1;
    // An error after the open closes the socket: counted as dropped below.
    socket.on('error', () => {});
    socket.on('close', () => {
      this.openCount -= 1;
      onClose();
      if (!this.closing) this.droppedCount += 1;
    });
    this.sockets.push(socket);
  }

  open(): number {
    return this.openCount;
  }

  dropped(): number {
    return this.droppedCount;
  }

  /** Closes the sockets still open (none of them counted as dropped); resolves once they have closed. */
  async close(): Promise<void> {
    this.closing = true;
    const live = this.sockets.filter((s) => s.readyState !== WebSocket.CLOSED);
    const closed = live.map((s) => new Promise((resolve) => s.once('close', resolve)));
    for (const s of live) s.terminate();
    await Promise.all(closed);
  }
}
