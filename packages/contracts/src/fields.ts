import { z } from 'zod';

/** C0 controls (NUL, line breaks, tabs…), DEL and C1 controls: never part of a one-line field. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but for line breaks and tabs, which multi-line text keeps. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const typed = () => z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_type') });

/**
 * A one-line string field: missing/wrong-type messages are keys of messages.ts, and control
 * characters are refused (a NUL byte would otherwise reach the database and fail there).
 */
export const str = () => typed().refine((s) => !CONTROL.test(s), 'text.control');

/** A multi-line text field (feedback, messages): line breaks and tabs allowed, other controls not. */
export const multilineStr = () => typed().refine((s) => !CONTROL_BUT_LINES.test(s), 'text.control');

/** The id of a stored row (a notice, a message, a feedback…) as a request field. */
export const rowId = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .positive('invalid')
  .max(2 ** 31, 'invalid');

/**
 * What an operator writes to players (a notice, a message): a title and a body (HTML or plain
 * text, sanitized on the server), each optionally in English too.
 */
export const articleFields = {
  title: str().trim().min(1, 'required').max(80, 'too_long'),
  body: multilineStr().trim().min(1, 'required').max(20_000, 'too_long'),
  titleEn: str().trim().max(80, 'too_long').optional(),
  bodyEn: multilineStr().trim().max(20_000, 'too_long').optional(),
};

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

export const inviteCode = str()
  .max(16, 'inviteCode.format')
  .regex(/^[A-Za-z0-9]*$/, 'inviteCode.format');
