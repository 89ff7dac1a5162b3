import type { z } from 'zod';
import { adminCallAt, playerCallAt } from './catalog.js';
import { ErrorCode, errorEnvelope } from './common.js';

/*
 * The apps' unit tests answer their calls with fakes; each fake answer goes through
 * `checkFakeAnswer`, so a fake the server could not send (a renamed, missing or extra field)
 * fails the test that uses it. Tests only: the apps never import this module.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Fields of `sent` that parsing dropped (`kept` is the parse's output): the schema does not know them. */
function unknownFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, i) => unknownFields(item, kept[i], `${at}[${i}]`));
  if (!isRecord(sent) || !isRecord(kept) || Array.isArray(sent)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const where = at ? `${at}.${key}` : key;
    if (value === undefined) return [];
    return key in kept ? unknownFields(value, kept[key], where) : [`${where}: not in the contract`];
  });
}

/** What keeps `answer` from fitting `schema`, one `field: problem` each (none: it fits). */
export function answerMisfits(schema: z.ZodType, answer: unknown): string[] {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  return unknownFields(answer, parsed.data, '');
}

/**
 * Throws unless `answer` is what the server may send at `path`: a success by the call's response
 * schema, a failure by the error envelope. `side` says whose calls: the player's (under
 * API_PREFIX) or the operators' (under ADMIN_PREFIX).
 */
export function checkFakeAnswer(side: 'player' | 'admin', path: string, answer: unknown): void {
  const call = side === 'player' ? playerCallAt(path) : adminCallAt(path);
  if (!call) throw new Error(`fake answer of ${path}: no ${side} call of the contracts has this path`);
  const success = isRecord(answer) && answer.code === ErrorCode.OK;
  const misfits = answerMisfits(success ? call.response : errorEnvelope, answer);
  if (misfits.length === 0) return;
  const shape = success ? 'its response schema' : 'the error envelope';
  throw new Error(`fake answer of ${path} (${call.name}) does not fit ${shape}:\n  ${misfits.join('\n  ')}`);
}
