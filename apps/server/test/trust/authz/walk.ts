import type { z } from 'zod';
import { profile, uploads } from '@breakshot/contracts';

/* What the authorization matrix asks of a call found by the walk (packages/contracts/src/catalog.ts). */

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
