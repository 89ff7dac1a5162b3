import type { z } from 'zod';
import * as contracts from './index.js';
import { CSV_SUFFIX, type AdminCall } from './operator-calls.js';
import type { CallContract } from './common.js';
import { UPLOAD_PATH, uploadResponse } from './uploads.js';

/*
 * Every call of the contracts, found by walking each namespace the contracts export, so a call
 * added there is fuzzed, put in the authorization matrix and checked in the apps' fake APIs the
 * day it is added. Tests only: the apps never import this module.
 */

export interface PlayerCall {
  /** `namespace.export`, for messages. */
  name: string;
  contract: CallContract;
}

export interface AdminCallEntry {
  name: string;
  call: AdminCall;
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

function isAdminCall(v: unknown): v is AdminCall {
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
  const seen = new Map<AdminCall, string>();
  for (const [name, v] of exportsOfContracts()) if (isAdminCall(v) && !seen.has(v)) seen.set(v, name);
  return [...seen].flatMap(([call, name]) => {
    const entry = { name, call, path: call.path };
    return call.csv ? [entry, { name: `${name} (csv)`, call, path: call.path + CSV_SUFFIX }] : [entry];
  });
}

/** A call's name and the schema of its success answer. */
export interface AnswerOf {
  name: string;
  response: z.ZodType;
}

/** The player call answering at `path` (under API_PREFIX): a JSON call, or the multipart upload. */
export function playerCallAt(path: string): AnswerOf | undefined {
  if (path === UPLOAD_PATH) return { name: 'uploads.uploadResponse', response: uploadResponse };
  const found = playerCalls().find((c) => c.contract.path === path);
  return found && { name: found.name, response: found.contract.response };
}

/** The operator call answering at `path` (under ADMIN_PREFIX), or its CSV export (JSON only when it fails). */
export function adminCallAt(path: string): AnswerOf | undefined {
  const found = adminCalls().find((c) => c.path === path);
  return found && { name: found.name, response: found.call.response };
}
