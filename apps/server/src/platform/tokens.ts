import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, base64url (docs/design.md §7). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
