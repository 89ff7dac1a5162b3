import type { z } from 'zod';
import * as contracts from '@breakshot/contracts';
import { admin, profile, uploads, type CallContract } from '@breakshot/contracts';

/*
 * The calls of the authorization matrix, found by walking every namespace @breakshot/contracts
 * exports: a new call is in the matrix the day it is added to a contract.
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

/**
 * THE rule of what names a stored object in a request (one place): a field called id, ids or
 * uuid, or whose name ends in Id, Ids, No or Uuid (orderNo, betNo, accountId, captchaId…), or
 * whose value is the URL of an upload (images, qrImage, avatar).
 */
const ID_NAME = /^(?:id|ids|uuid)$|[a-z0-9](?:Id|Ids|No|Uuid)$/;
const UPLOAD_REFERENCES: readonly z.ZodType[] = [uploads.uploadUrl, profile.avatar];

export function isIdField(name: string, schema: z.ZodType): boolean {
  return ID_NAME.test(name) || UPLOAD_REFERENCES.includes(unwrap(schema));
}

/** The schema under optional, nullable, default, readonly, pipe (its input) and array. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = schema.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
  const inner = def.innerType ?? def.in ?? (def.type === 'array' ? def.element : undefined);
  return inner ? unwrap(inner) : schema;
}

/**
 * The id fields of a request, as dotted paths (`ids`, `filter.orderNo`): every object field the
 * rule picks, in every option of a union, at any depth.
 */
export function idFieldsOf(schema: z.ZodType, prefix = ''): string[] {
  const found = new Set<string>();
  const visit = (s: z.ZodType, at: string): void => {
    const def = s.def as { type: string; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType };
    const u = unwrap(s);
    if (u !== s) return visit(u, at);
    if (def.type === 'object') {
      for (const [key, field] of Object.entries((s as z.ZodObject).shape)) {
        const path = at ? `${at}.${key}` : key;
        if (isIdField(key, field)) found.add(path);
        else visit(field, path);
      }
    } else if (def.type === 'union') {
      for (const option of def.options ?? []) visit(option, at);
    } else if (def.type === 'intersection') {
      if (def.left) visit(def.left, at);
      if (def.right) visit(def.right, at);
    }
  };
  visit(schema, prefix);
  return [...found].sort();
}

/** A call of the team (agent) area: scoped to the agent's own downline, not to one player. */
export const isTeamCall = (path: string): boolean => path.startsWith('/agent/');
