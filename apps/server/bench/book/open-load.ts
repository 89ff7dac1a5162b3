import { Agent } from 'node:http';
import { postText } from '../lib/http-post.js';
import { monotonicMs } from '../lib/clock.js';
import { percentile } from '../lib/percentile.js';
import type { ReadyRequest } from '../money/setup.js';

/*
 * Open-loop load: each stream's calls are started at its rate, evenly, whether or not the ones
 * before have been answered (as players arrive, not as a fixed set of connections that waits for
 * each answer), so a slow server meets more calls in flight, not fewer. A call's latency runs
 * from the instant it was due to its answer's last byte: a call that waited for a free socket
 * counts that wait too.
 */

export interface Stream {
  name: string;
  perSecond: number;
  /** Calls in all, if the stream is to stop after that many (else it runs until stop()). */
  count?: number;
  /** The next call: path, headers, body (a new idempotency key, a player…). */
  next: () => ReadyRequest;
  /** Whether the answer says the call was done. */
  accepted: (status: number, body: string) => boolean;
  /** Told each answered call (e.g. a bet's number and acceptAt). */
  onAnswer?: (call: Call, body: string) => void;
}

export interface Call {
  stream: string;
  /** monotonicMs when it was due (and sent, unless the sockets were all busy). */
  dueAt: number;
  /** Due → answer received, ms. */
  latency: number;
  ok: boolean;
}

export class OpenLoad {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  private readonly calls: Call[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private firstError: string | undefined;

  constructor(
    private readonly base: string,
    private readonly streams: readonly Stream[],
  ) {}

  /** Starts every stream; they run until stop(). */
  start(): void {
    const started = monotonicMs();
    const sent = this.streams.map(() => 0);
    const tick = () => {
      const now = monotonicMs();
      this.streams.forEach((stream, s) => {
        const due = Math.min(Math.floor(((now - started) / 1000) * stream.perSecond) + 1, stream.count ?? Infinity);
        while (sent[s]! < due) {
          const dueAt = started + (sent[s]! * 1000) / stream.perSecond;
          sent[s]! += 1;
          const call = this.send(stream, dueAt).finally(() => this.inFlight.delete(call));
          this.inFlight.add(call);
        }
      });
      this.timer = setTimeout(tick, 1);
    };
    tick();
  }

  /** Stops starting calls, waits for those in flight; every call made, in the order answered. */
  async stop(): Promise<Call[]> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.inFlight);
    this.agent.destroy();
    return this.calls;
  }

  /** The first refused or failed call, if any. */
  error(): string | undefined {
    return this.firstError;
  }

  private async send(stream: Stream, dueAt: number): Promise<void> {
    const ready = stream.next();
    let status = 0;
    let body = '';
    try {
      ({ status, text: body } = await postText(`${this.base}${ready.path}`, ready.body, ready.headers, this.agent));
    } catch (err) {
      body = err instanceof Error ? err.message : String(err);
    }
    const call: Call = {
      stream: stream.name,
      dueAt,
      latency: monotonicMs() - dueAt,
      ok: stream.accepted(status, body),
    };
    if (!call.ok) this.firstError ??= `${stream.name}: HTTP ${status} ${body.slice(0, 200)}`;
    this.calls.push(call);
    stream.onAnswer?.(call, body);
  }
}

export interface LatencySummary {
  calls: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The latencies of the calls that `keep` selects. */
export function summarize(calls: readonly Call[], keep: (c: Call) => boolean = () => true): LatencySummary {
  const kept = calls.filter(keep);
  const sorted = kept.map((c) => c.latency).sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? percentile(sorted, p) : NaN);
  return {
    calls: kept.length,
    failed: kept.filter((c) => !c.ok).length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted.at(-1) ?? NaN,
  };
}

export const describe = (s: LatencySummary) =>
  `${s.calls} calls (${s.failed} failed): p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, ` +
  `p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;
