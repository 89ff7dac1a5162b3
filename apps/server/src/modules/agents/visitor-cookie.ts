import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { agent, API_PREFIX } from '@breakshot/contracts';

/*
 * The visitors of invite links as the server knows them: an id it made, kept by the browser in an
 * HttpOnly cookie beside its HMAC under a key of the server's (secret-box.ts subkey), so a client
 * can neither make an id up nor alter one. The cookie goes to the click call only.
 */

const NAME = 'bs_visitor';
/** Our cookie's value in a Cookie header (the first, should a browser send two). */
const COOKIE = new RegExp(`(?:^|;\\s*)${NAME}=([^;]*)`);
const PATH = API_PREFIX + agent.inviteClick.path;
/** The longest a browser keeps a cookie (400 days). */
const MAX_AGE_S = 400 * 86_400;
const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const macOf = (key: Buffer, id: string) => createHmac('sha256', key).update(`visitor:${id}`).digest();

/**
 * The visitor a click counts as: the id of the request's cookie when the server made it; else a
 * new id, set in a new cookie. A cookie of ours that does not verify (forged or altered) counts as
 * no one: null, and the browser gets a new cookie for its next visit.
 */
export function clickVisitor(req: FastifyRequest, reply: FastifyReply, key: Buffer): string | null {
  const value = COOKIE.exec(req.headers.cookie ?? '')?.[1];
  const found = VALUE.exec(value ?? '');
  if (found && timingSafeEqual(Buffer.from(found[2]!, 'base64url'), macOf(key, found[1]!))) return found[1]!;
  const id = randomBytes(16).toString('base64url');
  const attributes = [`Path=${PATH}`, `Max-Age=${MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax'];
  if (req.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', [`${NAME}=${id}.${macOf(key, id).toString('base64url')}`, ...attributes].join('; '));
  return value === undefined ? id : null;
}
