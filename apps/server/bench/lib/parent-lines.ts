import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

/*
 * The child's end of the lines a benchmark's socket process (live/client-process.ts,
 * book/watcher-process.ts) gets from its parent (spawnInstance, instance-process.ts): its plan
 * first; once its sockets are open it prints "open", and the parent's "measure" and "report"
 * bound the measured run. The process's own event-loop delay over the run is part of its report:
 * a loop that lags delays every arrival it times.
 */

export interface ParentLines {
  /** The first line: this process's plan (JSON). */
  plan(): Promise<unknown>;
  /** Prints "open", waits for "measure", then for "report": the event-loop delay p99 in between, ms. */
  measuredRun(): Promise<number>;
}

export function parentLines(): ParentLines {
  const input = createInterface({ input: process.stdin });
  const lines = input[Symbol.asyncIterator]();
  const nextLine = async () => (await lines.next()).value as string;
  return {
    plan: async () => JSON.parse(await nextLine()),
    measuredRun: async () => {
      console.log('open');
      await nextLine();
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      await nextLine();
      lag.disable();
      input.close();
      return lag.percentile(99) / 1e6;
    },
  };
}
