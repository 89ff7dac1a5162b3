import * as contracts from '@breakshot/contracts';
import { admin, type CallContract } from '@breakshot/contracts';

/*
 * Every call of the contracts, found by walking each namespace @breakshot/contracts exports, so
 * a call added there is fuzzed and put in the authorization matrix the day it is added.
 */

export interface PlayerCall {
  /** `namespace.export`, for messages. */
  name: string;
  contract: CallContract;
}

export interface AdminCallEntry {
  name: string;
  call: admin.AdminCall;
  /** The path posted: the call's, or its CSV export's. */
  path: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isPlayerCall(v: unknown): v is CallContract {
  return (
    isRecord(v) &&
    typeof v.path === 'string' &&
    (v.method === 'GET' || v.method === 'POST') &&
    typeof v.auth === 'boolean' &&
    isRecord(v.request) &&
    isRecord(v.response)
  );
}

function isAdminCall(v: unknown): v is admin.AdminCall {
  return isRecord(v) && typeof v.path === 'string' && Array.isArray(v.roles) && isRecord(v.request);
}

/** Every exported value of the contracts and of each namespace they export, named `namespace.export`. */
function exportsOfContracts(): [string, unknown][] {
  return Object.entries(contracts as Record<string, unknown>).flatMap(([ns, mod]): [string, unknown][] =>
    isRecord(mod) && Object.prototype.toString.call(mod) === '[object Module]'
      ? Object.entries(mod).map(([name, v]): [string, unknown] => [`${ns}.${name}`, v])
      : [[ns, mod]],
  );
}

/** Player calls (defineCall), each once even where two namespaces re-export it. */
export function playerCalls(): PlayerCall[] {
  const seen = new Map<CallContract, string>();
  for (const [name, v] of exportsOfContracts()) if (isPlayerCall(v) && !seen.has(v)) seen.set(v, name);
  return [...seen].map(([contract, name]) => ({ name, contract }));
}

/** Operator calls (defineAdminCall), and the CSV export of those that have one. */
export function adminCalls(): AdminCallEntry[] {
  const seen = new Map<admin.AdminCall, string>();
  for (const [name, v] of exportsOfContracts()) if (isAdminCall(v) && !seen.has(v)) seen.set(v, name);
  return [...seen].flatMap(([call, name]) => {
    const entry = { name, call, path: call.path };
    return call.csv ? [entry, { name: `${name} (csv)`, call, path: call.path + admin.CSV_SUFFIX }] : [entry];
  });
}
