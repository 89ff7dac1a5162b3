import { ZodObject, type z } from 'zod';
import { operatorCalls, API_PREFIX, hub88 } from '@breakshot/contracts';
import { SANDBOX_CALLBACK_PATH } from '../../../src/modules/payments/gateway-routes.js';
import { sandboxCallback } from '../../../src/modules/payments/sandbox.js';
import { csvBody } from '../../../src/platform/route.js';
import { adminCalls, playerCalls } from '@breakshot/contracts/catalog';

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
  /** e.g. `auth.login`, `playersAdmin.playersList (csv)`, `hub88 transaction/bet`. */
  name: string;
  method: 'GET' | 'POST';
  /** The URL without the provider id (provider calls: `/provider/{id}/` + path). */
  path: string;
  request: z.ZodType;
}

/** The filters of a CSV export: the list's request without paging, as route.ts registers it. */
function csvRequest(call: operatorCalls.AdminCall): z.ZodType {
  if (!(call.request instanceof ZodObject)) throw new Error(`${call.path}: csv of a request that is not an object`);
  return csvBody(call.request);
}

/** Every player and operator call of the contracts (contracts' catalog.ts), CSV exports included. */
function contractCalls(): FuzzCall[] {
  const players = playerCalls().map(({ name, contract }): FuzzCall => ({
    caller: 'player',
    name,
    method: contract.method,
    path: API_PREFIX + contract.path,
    request: contract.request,
  }));
  const operators = adminCalls().map(({ name, call, path }): FuzzCall => ({
    caller: 'operator',
    name,
    method: 'POST',
    path: operatorCalls.ADMIN_PREFIX + path,
    request: path.endsWith(operatorCalls.CSV_SUFFIX) ? csvRequest(call) : call.request,
  }));
  return [...players, ...operators];
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
