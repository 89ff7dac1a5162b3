/* The proof-of-work worker (solve.ts starts it): searches off the main thread, reporting progress. */
import { searchPow, type PowTask } from './search';

export type WorkerMessage = { type: 'progress'; share: number } | { type: 'done'; number: number | null };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PowTask>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

scope.onmessage = (event) => {
  const number = searchPow(event.data, (share) => scope.postMessage({ type: 'progress', share }));
  scope.postMessage({ type: 'done', number });
};
