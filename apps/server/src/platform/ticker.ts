import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `tick` every `everyMs`, one run at a time, outside any transaction (unlike the scheduler's
 * jobs, each of which runs in one): for work that opens transactions of its own, or calls this
 * server over HTTP, which on PGlite's single connection must not wait behind a transaction held
 * open. A failed run is logged and the next one tried.
 */
export class Ticker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly tick: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .catch((err: unknown) => this.log.error({ err }, `${this.name} failed`))
        .finally(() => (this.running = null));
    }, this.everyMs).unref();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
