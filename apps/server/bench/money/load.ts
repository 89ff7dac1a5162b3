import { createRequire } from 'node:module';
import type { LoadResult } from './baseline.js';

/*
 * The server's side of the money benchmark: autocannon (8.x, programmatic) posting one kind of
 * call with `connections` open at once, each request made fresh by `next()` (a new idempotency
 * key, round, player), each answer judged by `accepted(body)`: a refusal in an HTTP 200 counts as
 * an error as much as a 5xx or a 429.
 */

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: {
    setupRequest: (request: Request) => Request;
    onResponse: (status: number, body: string) => void;
  }[];
}) => Promise<{ requests: { total: number }; duration: number; errors: number; timeouts: number }>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadOptions {
  base: string;
  connections: number;
  durationSeconds: number;
  /** The next request: path, headers and body. */
  next: () => Omit<Request, 'method'>;
  /** Whether the answer's body says the call was done. */
  accepted: (body: string) => boolean;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let ok = 0;
  let errors = 0;
  let firstError: string | undefined;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, method: 'POST', ...options.next() }),
        onResponse: (status, body) => {
          if (status === 200 && options.accepted(body)) {
            ok += 1;
          } else {
            errors += 1;
            firstError ??= `HTTP ${status} ${body.slice(0, 200)}`;
          }
        },
      },
    ],
  });
  // Connection errors and timeouts never reach onResponse.
  errors += result.errors + result.timeouts;
  return { perSecond: ok / result.duration, ok, errors, ...(firstError ? { firstError } : {}) };
}
