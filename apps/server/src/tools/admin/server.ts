import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { resolve } from 'node:path';
import type { z } from 'zod';
import { operatorCalls, API_PREFIX, type SysConfig, system } from '@breakshot/contracts';
import { ADMIN_TOKEN_FILE } from '../../platform/operator-token.js';
import { dataDirOf } from '../../platform/config.js';
import { ApiError } from './errors.js';

/** What an admin call answers: its envelope's data. */
export type CallData<C extends operatorCalls.AdminCall> = z.output<C['response']> extends { data: infer D } ? D : never;

/** One admin call with the operator token; resolves with the envelope's data. */
export async function post<C extends operatorCalls.AdminCall>(
  call: C,
  body: Record<string, unknown>,
): Promise<CallData<C>> {
  const payload = JSON.stringify(body);
  return (await send(`${operatorCalls.ADMIN_PREFIX}${call.path}`, 'POST', payload, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    [operatorCalls.ADMIN_TOKEN_HEADER]: token(),
  })) as CallData<C>;
}

/** The site's config (GET config, as the player app reads it): its time zone. */
export async function siteConfig(): Promise<SysConfig> {
  return ((await send(`${API_PREFIX}${system.getConfig.path}`, 'GET', '', {})) as { sys: SysConfig }).sys;
}

/** One call to the server; resolves with the envelope's data. */
async function send(path: string, method: 'GET' | 'POST', payload: string, headers: Record<string, string>) {
  const base = process.env.ADMIN_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
  const url = new URL(`${base.replace(/\/$/, '')}${path}`);
  let res: { status: number; text: string };
  try {
    res = await request(url, method, payload, headers);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(`cannot reach the server at ${base}: ${err instanceof Error ? err.message : err}`);
  }
  if (res.status !== 200) throw new ApiError(`HTTP ${res.status} from ${base}`);
  const envelope = JSON.parse(res.text) as { code: number; msg: string; data: unknown };
  if (envelope.code !== 200) throw new ApiError(`${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * One request with node:http(s), not fetch: Node's fetch sends `Sec-Fetch-Mode: cors` like a
 * browser, and the server refuses the operator token from anything that looks like one.
 */
function request(
  url: URL,
  method: 'GET' | 'POST',
  payload: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const transport = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolveResponse, reject) => {
    const req = transport(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolveResponse({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
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
