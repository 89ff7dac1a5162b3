import { ZodObject, type z } from 'zod';
import * as contracts from '@breakshot/contracts';
import { admin, API_PREFIX, hub88, type CallContract } from '@breakshot/contracts';
import { SANDBOX_CALLBACK_PATH } from '../../../src/modules/payments/gateway-routes.js';
import { sandboxCallback } from '../../../src/modules/payments/sandbox.js';

/*
 * Every call a client can make, found by walking what the contracts export, so that a call added
 * there is fuzzed without touching this suite: player calls (defineCall), operator calls
 * (defineAdminCall, the login included) and their CSV exports, the provider wallet calls of
 * hub88.calls, and the payment gateways' callbacks (their schemas live with the gateway).
 */

/** Who makes the call, which decides how it is authenticated and what a refusal looks like. */
export type Caller = 'player' | 'operator' | 'provider' | 'gateway';

export interface FuzzCall {
  caller: Caller;
  /** e.g. `auth.login`, `adminConsole.playersList (csv)`, `hub88 transaction/bet`. */
  name: string;
  method: 'GET' | 'POST';
  /** The URL without the provider id (provider calls: `/provider/{id}/` + path). */
  path: string;
  request: z.ZodType;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isSchema = (v: unknown): v is z.ZodType => isRecord(v) && '_zod' in v;

function isPlayerCall(v: unknown): v is CallContract {
  return (
    isRecord(v) &&
    (v.method === 'GET' || v.method === 'POST') &&
    typeof v.path === 'string' &&
    typeof v.auth === 'boolean' &&
    isSchema(v.request)
  );
}

function isOperatorCall(v: unknown): v is admin.AdminCall {
  return isRecord(v) && !('method' in v) && typeof v.path === 'string' && Array.isArray(v.roles) && isSchema(v.request);
}

/** The filters of a CSV export: the list's request without paging, as route.ts registers it. */
function csvRequest(call: admin.AdminCall): z.ZodType {
  if (!(call.request instanceof ZodObject)) throw new Error(`${call.path}: csv of a request that is not an object`);
  return call.request.omit({ page: true, pageSize: true });
}

/** Every player and operator call of the contracts' namespaces, once each (some are re-exported). */
function contractCalls(): FuzzCall[] {
  const found = new Map<string, FuzzCall>();
  for (const [area, exports] of Object.entries(contracts)) {
    if (!isRecord(exports)) continue;
    for (const [name, value] of Object.entries(exports)) {
      if (isPlayerCall(value)) {
        const path = API_PREFIX + value.path;
        const key = `${value.method} ${path}`;
        if (!found.has(key))
          found.set(key, {
            caller: 'player',
            name: `${area}.${name}`,
            method: value.method,
            path,
            request: value.request,
          });
      } else if (isOperatorCall(value)) {
        const path = admin.ADMIN_PREFIX + value.path;
        found.set(`POST ${path}`, {
          caller: 'operator',
          name: `${area}.${name}`,
          method: 'POST',
          path,
          request: value.request,
        });
        if (value.csv) {
          found.set(`POST ${path}${admin.CSV_SUFFIX}`, {
            caller: 'operator',
            name: `${area}.${name} (csv)`,
            method: 'POST',
            path: path + admin.CSV_SUFFIX,
            request: csvRequest(value),
          });
        }
      }
    }
  }
  return [...found.values()];
}

function providerCalls(): FuzzCall[] {
  return Object.entries(hub88.calls).map(([name, c]) => ({
    caller: 'provider' as const,
    name: `hub88 ${name}`,
    method: 'POST' as const,
    path: name,
    request: c.request,
  }));
}

/** The payment gateways' callbacks (the sandbox's is the only one; `gatewayCallbackPaths` checks). */
export const GATEWAY_CALLBACKS: FuzzCall[] = [
  {
    caller: 'gateway',
    name: 'sandbox callback',
    method: 'POST',
    path: SANDBOX_CALLBACK_PATH,
    request: sandboxCallback,
  },
];

/** Where gateway callbacks live: every route under it must be one of GATEWAY_CALLBACKS. */
export const CALLBACK_PREFIX = '/pay/callback/';

export const allCalls = (): FuzzCall[] => [...contractCalls(), ...providerCalls(), ...GATEWAY_CALLBACKS];
