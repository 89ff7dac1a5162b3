import { request, type IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { operatorCalls, API_PREFIX, hub88, type CallContract } from '@breakshot/contracts';
import { sign } from '../../../src/modules/payments/sandbox-secret.js';
import { signBody } from '../../../src/platform/signing.js';
import { ADMIN_TEST_TOKEN } from '../../helpers/withdrawals.js';

/*
 * Calls to the real server over a fresh TCP connection each (node:http, as the admin CLI posts:
 * no Origin or Sec-Fetch-Mode, which the operator area refuses). Every call ends one of three
 * ways: answered with success, answered with a refusal, or cut (the connection died or never
 * opened: the server was killed) or given up by the client (`giveUpAfterMs`: it stops waiting
 * while the server works on). Only a cut call's effect is unknown to the client.
 */

/**
 * What cut a call: the connection died while the call was out (`reset`: the server was killed
 * mid-request), could not be opened (`refused`: the server was down), or the client let it go
 * (`gave up`) or waited too long (`timed out`).
 */
export type CutBy = 'reset' | 'refused' | 'gave up' | 'timed out';

export type Outcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; code: number; msg: string }
  | { kind: 'cut'; by: CutBy; reason: string };

const TIMEOUT_MS = 20_000;

function cut(err: NodeJS.ErrnoException): { kind: 'cut'; by: CutBy; reason: string } {
  const by: CutBy =
    err.message === 'gave up' || err.message === 'timed out'
      ? err.message
      : err.code === 'ECONNREFUSED'
        ? 'refused'
        : 'reset';
  return { kind: 'cut', by, reason: err.message };
}

export interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** How a call is made: `giveUpAfterMs` drops the connection that long after sending. */
export interface Sending {
  giveUpAfterMs?: number | undefined;
}

/** A POST over a fresh connection: answered (whatever its status) or cut. */
export function post(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string>,
  sending: Sending,
): Promise<Outcome<Raw>> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ kind: 'ok', value: { status: res.statusCode ?? 0, headers: res.headers, text } }),
        );
        res.on('error', (err) => resolve(cut(err)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve(cut(err)));
    if (sending.giveUpAfterMs !== undefined) {
      const giveUp = setTimeout(() => req.destroy(new Error('gave up')), sending.giveUpAfterMs);
      req.on('close', () => clearTimeout(giveUp));
    }
    req.end(body);
  });
}

type Envelope = { code: number; msg: string; data: unknown };

/** An answer in the {code,msg,data} envelope: code 200 is success, any other a refusal. */
function envelopeOf<T>(raw: Outcome<Raw>): Outcome<T> {
  if (raw.kind !== 'ok') return raw;
  if (raw.value.status !== 200) return { kind: 'refused', code: raw.value.status, msg: raw.value.text.slice(0, 200) };
  const answer = JSON.parse(raw.value.text) as Envelope;
  return answer.code === 200
    ? { kind: 'ok', value: answer.data as T }
    : { kind: 'refused', code: answer.code, msg: answer.msg };
}

type DataOf<R extends z.ZodType> = z.output<R> extends { data: infer D } ? D : never;

export class Api {
  constructor(
    readonly port: number,
    private readonly sandboxSecret: string,
  ) {}

  /** A player call (token: the session), from its own client IP. */
  async player<C extends CallContract>(
    contract: C,
    body: object,
    options: { token?: string; ip?: string } = {},
    sending: Sending = {},
  ): Promise<Outcome<DataOf<C['response']>>> {
    const headers: Record<string, string> = { token: options.token ?? 'false' };
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    return envelopeOf(await post(this.port, API_PREFIX + contract.path, JSON.stringify(body), headers, sending));
  }

  /** An operator call with the operator token, as the admin CLI makes it. */
  async operator<C extends operatorCalls.AdminCall>(
    call: C,
    body: object,
    sending: Sending = {},
  ): Promise<Outcome<DataOf<C['response']>>> {
    const headers = { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN };
    return envelopeOf(
      await post(this.port, operatorCalls.ADMIN_PREFIX + call.path, JSON.stringify(body), headers, sending),
    );
  }

  /** The sandbox gateway's signed callback; the gateway reads `success` as done. */
  async sandboxCallback(raw: string, sending: Sending = {}): Promise<Outcome<'success'>> {
    const headers = { 'x-signature': sign(this.sandboxSecret, raw) };
    const res = await post(this.port, '/pay/callback/sandbox', raw, headers, sending);
    if (res.kind !== 'ok') return res;
    return res.value.status === 200 && res.value.text === 'success'
      ? { kind: 'ok', value: 'success' }
      : { kind: 'refused', code: res.value.status, msg: res.value.text };
  }

  /** A seamless wallet call signed by the provider; answered RS_OK is success, another status a refusal. */
  async provider(
    providerId: string,
    privatePem: string,
    name: hub88.Hub88Call,
    body: object,
    sending: Sending = {},
  ): Promise<Outcome<Record<string, unknown>>> {
    const raw = JSON.stringify(body);
    const headers = { [hub88.SIGNATURE_HEADER]: signBody(privatePem, raw) };
    const res = await post(this.port, `${hub88.PROVIDER_PREFIX}/${providerId}/${name}`, raw, headers, sending);
    if (res.kind !== 'ok') return res;
    const answer = JSON.parse(res.value.text) as { status: string };
    return answer.status === 'RS_OK'
      ? { kind: 'ok', value: answer }
      : { kind: 'refused', code: res.value.status, msg: answer.status };
  }
}
