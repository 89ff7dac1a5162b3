/**
 * Concurrent calls of one kind run in batches: a call starts a batch of its own while fewer than
 * `parallel` batches run, so a lone call runs at once, as it would alone; beyond that it waits,
 * and the calls that waited go together (at most `max` a batch) as soon as a batch ends. So under
 * load many calls share one run (one transaction, docs/design.md §5 "Money calls in batches"), and the
 * batch size follows the load with no timer. `run` answers each call by its place in the batch.
 */
export function callBatcher<I, O>(
  run: (items: I[]) => Promise<PromiseSettledResult<O>[]>,
  { parallel, max }: { parallel: number; max: number },
): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    resolve: (value: O) => void;
    reject: (reason: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let running = 0;

  const startWhileRoom = () => {
    while (waiting.length > 0 && running < parallel) start(waiting.splice(0, max));
  };

  const start = (calls: Waiting[]) => {
    running += 1;
    run(calls.map((c) => c.item))
      .then(
        (results) =>
          calls.forEach((c, i) => {
            const result = results[i];
            if (result?.status === 'fulfilled') c.resolve(result.value);
            else c.reject(result ? result.reason : new Error(`batch answered ${results.length} of ${calls.length}`));
          }),
        (err: unknown) => calls.forEach((c) => c.reject(err)),
      )
      .finally(() => {
        running -= 1;
        startWhileRoom();
      });
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      startWhileRoom();
    });
}
