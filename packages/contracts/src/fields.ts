import { z } from 'zod';

/** A string field whose missing/wrong-type messages are keys of messages.ts. */
export const str = () => z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_type') });

/**
 * The one form of a username for lookups, lockouts and rate limits: NFKC, then lower case.
 * Stored names are ASCII, so a name with other letters (İ, full-width…) never finds an account.
 */
export const normalizeUsername = (name: string) => name.normalize('NFKC').toLowerCase();

/**
 * Field rules shared by the server and the forms. Messages are keys of messages.ts,
 * so both sides show them in the user's language.
 */
export const username = str()
  .min(6, 'username.length')
  .max(16, 'username.length')
  .regex(/^[A-Za-z0-9]+$/, 'username.format');

export const password = str()
  .min(8, 'password.length')
  .max(20, 'password.length')
  .regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d!-/:-@[-`{-~]+$/, 'password.format');

export const captchaId = str().min(1, 'required').max(64, 'too_long');
export const captchaCode = str().min(1, 'required').max(8, 'too_long');

export const inviteCode = z
  .string()
  .max(16, 'inviteCode.format')
  .regex(/^[A-Za-z0-9]*$/, 'inviteCode.format');
