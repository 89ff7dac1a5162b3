import { expect } from 'vitest';
import { operatorCalls, errorEnvelope, hub88, type ErrorEnvelope } from '@breakshot/contracts';
import { sign } from '../../../src/modules/payments/sandbox-secret.js';
import { signBody, verifyBody } from '../../../src/platform/signing.js';
import type { TestProvider } from '../../helpers/provider.js';
import type { TestApp } from '../../helpers/test-app.js';
import { leaksIn } from '../leaks.js';
import type { FuzzCall } from './calls.js';
import type { Probe } from './nasties.js';

/*
 * Sends a probe to a call as its rightful caller (a logged-in player, the operators' token, the
 * provider signing the exact bytes, the gateway signing them), so that what is
 * tested is the input; and judges the answer as that caller's kind of refusal.
 */

export interface Callers {
  playerToken: string;
  /** The operators' CLI token: it acts as admin, who may make every call. */
  operatorToken: string;
  provider: TestProvider;
  /** Our wallet key, which signs every provider answer. */
  walletPublicKey: string;
  gatewaySecret: string;
}

export interface Answer {
  httpStatus: number;
  contentType: string;
  body: string;
  /** X-Hub88-Signature of the answer, if any. */
  signature: string | undefined;
}

export async function send(t: TestApp, call: FuzzCall, probe: Probe, callers: Callers): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (probe.contentType !== null) headers['content-type'] = probe.contentType;
  const raw = probe.body ?? '';
  let url = call.path;
  switch (call.caller) {
    case 'player':
      headers.token = callers.playerToken;
      break;
    case 'operator':
      headers[operatorCalls.ADMIN_TOKEN_HEADER] = callers.operatorToken;
      break;
    case 'provider':
      url = `${hub88.PROVIDER_PREFIX}/${callers.provider.id}/${call.path}`;
      headers[hub88.SIGNATURE_HEADER] = signBody(callers.provider.keys.privatePem, raw);
      break;
    case 'gateway':
      headers['x-signature'] = sign(callers.gatewaySecret, raw);
      break;
  }
  const res = await t.app.inject({
    method: probe.method,
    url: url + (probe.query ?? ''),
    headers,
    ...(probe.body === undefined ? {} : { payload: probe.body }),
  });
  const signature = res.headers[hub88.SIGNATURE_HEADER];
  return {
    httpStatus: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
    signature: typeof signature === 'string' ? signature : undefined,
  };
}

/** How an answer went: refused, or (a GET's ignored query) answered without harm. */
export type Outcome = 'refused' | 'harmless';

/** Whether the answer is a failure of ours: HTTP 5xx, envelope code 500, or Hub88's UNKNOWN. */
export function isServerError(answer: Answer): boolean {
  if (answer.httpStatus >= 500) return true;
  if (!answer.contentType.startsWith('application/json')) return false;
  const json = JSON.parse(answer.body) as { code?: unknown; status?: unknown };
  return (typeof json.code === 'number' && json.code >= 500) || json.status === 'RS_ERROR_UNKNOWN';
}

/** Asserts the answer is what the caller gets for a bad request; throws (expect) otherwise. */
export function judge(call: FuzzCall, probe: Probe, answer: Answer, callers: Callers): Outcome {
  // The failure message names the call, the probe and the answer.
  const about = `${call.name} ← ${probe.label}: HTTP ${answer.httpStatus} ${answer.body.slice(0, 300)}`;
  expect(isServerError(answer), about).toBe(false);
  expect(leaksIn(answer.body), about).toEqual([]);
  switch (call.caller) {
    case 'player':
    case 'operator':
      return judgeEnvelope(call, probe, answer, about);
    case 'provider':
      return judgeProvider(answer, callers, about);
    case 'gateway':
      return judgeGateway(probe, answer, about);
  }
}

/** Player and operator calls: HTTP 200 with a failure envelope, 400 (404 for the wrong method). */
function judgeEnvelope(call: FuzzCall, probe: Probe, answer: Answer, about: string): Outcome {
  expect({ http: answer.httpStatus, type: answer.contentType }, about).toMatchObject({
    http: 200,
    type: expect.stringMatching(/^application\/json/),
  });
  const envelope: ErrorEnvelope = errorEnvelope.parse(JSON.parse(answer.body));
  if (probe.expect === 'harmless') {
    expect(envelope.code === 200 || (envelope.code >= 400 && envelope.code < 500), about).toBe(true);
    return envelope.code === 200 ? 'harmless' : 'refused';
  }
  expect(envelope.code, about).toBe(probe.method === call.method ? 400 : 404);
  return 'refused';
}

/** Provider calls: HTTP 200, a Hub88 refusal of the request's form, signed with our key. */
function judgeProvider(answer: Answer, callers: Callers, about: string): Outcome {
  const json = JSON.parse(answer.body) as { status?: unknown };
  expect(
    {
      http: answer.httpStatus,
      status: json.status,
      signed: verifyBody(callers.walletPublicKey, answer.body, answer.signature),
    },
    about,
  ).toEqual({ http: 200, status: expect.stringMatching(/^RS_ERROR_WRONG_(TYPES|SYNTAX)$/), signed: true });
  return 'refused';
}

/**
 * The gateway's callback: anything but the body `success` leaves the order alone and makes the
 * gateway send it again; the callback answers `fail: <reason>` with HTTP 400, and the wrong method
 * is an unknown URL (404).
 */
function judgeGateway(probe: Probe, answer: Answer, about: string): Outcome {
  const expected = probe.method === 'POST' ? { http: 400, body: /^fail: / } : { http: 404, body: /./ };
  expect({ http: answer.httpStatus, body: answer.body }, about).toMatchObject({
    http: expected.http,
    body: expect.stringMatching(expected.body),
  });
  return 'refused';
}
