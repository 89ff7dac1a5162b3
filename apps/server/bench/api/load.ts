import autocannon, { type AutocannonRequest } from 'autocannon';

/** One autocannon case: its rate, its tail, and every answer that was not a success. */
export interface LoadResult {
  rps: number;
  p99: number;
  /** HTTP status not 2xx, connection errors and timeouts. */
  failures: number;
  /** 2xx answers whose envelope is not a success (a 401 or 429 comes as HTTP 200). */
  refusals: number;
}

export interface LoadCase {
  url: string;
  method?: 'GET' | 'POST';
  /** The `token` header of each request in turn (players' sessions), if any. */
  tokens?: string[];
  /** Whether to count answers that are not the success envelope (`{"code":200,…`). */
  expectEnvelope?: boolean;
  seconds: number;
}

export const CONNECTIONS = 50;

/** Runs `seconds` of load with CONNECTIONS connections, one request at a time on each. */
export async function runLoad({ url, method = 'GET', tokens, expectEnvelope = false, seconds }: LoadCase) {
  let refusals = 0;
  let next = 0;
  const request: AutocannonRequest = {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    ...(method === 'POST' ? { body: '{}' } : {}),
  };
  if (tokens) {
    request.setupRequest = (req) => ({ ...req, headers: { ...req.headers, token: tokens[next++ % tokens.length]! } });
  }
  if (expectEnvelope) {
    request.onResponse = (_status, body) => {
      if (!body.startsWith('{"code":200,')) refusals += 1;
    };
  }
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [request] });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    refusals,
  } satisfies LoadResult;
}
