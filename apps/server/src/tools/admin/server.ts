import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { resolve } from 'node:path';
import type { z } from 'zod';
import { ApiError as CallError, createClient, type CallInput, type Transport } from '@breakshot/client';
import { operatorCalls, API_PREFIX, type SysConfig, system } from '@breakshot/contracts';
import { ADMIN_TOKEN_FILE } from '../../platform/operator-token.js';
import { dataDirOf } from '../../platform/config.js';
import { ApiError } from './errors.js';

/** What an admin call answers: its envelope's data. */
export type CallData<C extends operatorCalls.AdminCall> = z.output<C['response']> extends { data: infer D } ? D : never;

/** The running server: ADMIN_URL, else this machine's PORT. */
const serverUrl = () => (process.env.ADMIN_URL || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/$/, '');

/** The operator calls, with the operator token, and the player app's public calls. */
const operatorClient = createClient({
  baseUrl: () => serverUrl() + operatorCalls.ADMIN_PREFIX,
  headers: () => ({ [operatorCalls.ADMIN_TOKEN_HEADER]: token() }),
  fetch: nodeFetch,
});
const publicCalls = createClient({ baseUrl: () => serverUrl() + API_PREFIX, fetch: nodeFetch });

/** One admin call with the operator token; resolves with the envelope's data. */
export function post<C extends operatorCalls.AdminCall>(call: C, body: Record<string, unknown>): Promise<CallData<C>> {
  return send(operatorClient.request<CallData<C>>({ method: 'POST', path: call.path, body }));
}

/** The site's config (GET config, as the player app reads it): its time zone. */
export async function siteConfig(): Promise<SysConfig> {
  const call: CallInput = { method: system.getConfig.method, path: system.getConfig.path };
  return (await send(publicCalls.request<{ sys: SysConfig }>(call))).sys;
}

/** The call's data; a refusal or no answer becomes the CLI's ApiError, whose message it prints. */
async function send<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (!(err instanceof CallError)) throw err;
    if (err.code !== 0) throw new ApiError(`${err.code}: ${err.msg}`);
    if (err.reason === 'reply') throw new ApiError(`HTTP ${err.status} from ${serverUrl()}`);
    const cause = err.cause instanceof Error ? err.cause.message : err.msg;
    throw new ApiError(`cannot reach the server at ${serverUrl()}: ${cause}`);
  }
}

/**
 * The client's transport over node:http(s), not fetch: Node's fetch sends `Sec-Fetch-Mode: cors`
 * like a browser, and the server refuses the operator token from anything that looks like one.
 */
function nodeFetch(...[url, init]: Parameters<Transport>): ReturnType<Transport> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = typeof init.body === 'string' ? init.body : undefined;
  const headers = { ...(init.headers as Record<string, string>) };
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolveResponse, reject) => {
    const req = transport(target, { method: init.method, headers, signal: init.signal ?? undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolveResponse(
          new Response(Buffer.concat(chunks), {
            status: res.statusCode ?? 502,
            headers: { 'content-type': res.headers['content-type'] ?? '' },
          }),
        ),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** ADMIN_TOKEN, else the token the server wrote into its data folder. */
function token(): string {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = resolve(dataDirOf(process.env), ADMIN_TOKEN_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new ApiError(`no operator token: set ADMIN_TOKEN or start the server so that it writes ${file}`);
  }
}
