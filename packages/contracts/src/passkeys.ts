import { z } from 'zod';
import { defineCall, empty, envelope, isoTime } from './common.js';
import { rowId, str } from './fields.js';

/*
 * Passkeys (WebAuthn, docs/design.md §7 "Passkeys"): a player adds them in /user/setting and logs
 * in with one on /login, without username, password or captcha. Each ceremony is two calls: the
 * options (with a one-use challenge, valid PASSKEY_CHALLENGE_SECONDS) for
 * navigator.credentials, then the browser's answer to verify. Messages are keys of messages.ts.
 */

/** How long a ceremony's challenge can be answered. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** Passkeys a player may keep. */
export const MAX_PASSKEYS = 10;

/** base64url, as WebAuthn's JSON forms carry binary fields. */
const base64url = (max: number) =>
  str()
    .min(1, 'required')
    .max(max, 'too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid');

/** The player's name for a passkey (the device it is on). */
export const passkeyName = str().trim().min(1, 'required').max(32, 'too_long');

/** The options for navigator.credentials (PublicKeyCredential*OptionsJSON, @simplewebauthn/browser). */
const ceremonyOptions = envelope(z.object({ options: z.record(z.string(), z.unknown()) }));

/** How the authenticator is reached (usb, internal, hybrid…): kept, and given back to the browser. */
const transport = str().max(32, 'too_long');

/** The browser's answer to navigator.credentials.create (RegistrationResponseJSON). */
export const registrationCredential = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'invalid' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16000),
    transports: z.array(transport).max(8, 'too_long').optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'invalid' }).optional(),
});

/** The browser's answer to navigator.credentials.get (AuthenticationResponseJSON). */
export const authenticationCredential = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'invalid' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'invalid' }).optional(),
});

export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoTime,
  /** null: never used to log in. */
  lastUsedAt: isoTime.nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

/** Registration options; needs the login password, as the other security settings do. */
export const registerOptions = defineCall({
  method: 'POST',
  path: '/user/passkey/registerOptions',
  auth: true,
  request: z.strictObject({ password: str().min(1, 'required').max(64, 'too_long') }),
  response: ceremonyOptions,
});

/** Stores the new passkey under `name`. */
export const register = defineCall({
  method: 'POST',
  path: '/user/passkey/register',
  auth: true,
  request: z.strictObject({ name: passkeyName, credential: registrationCredential }),
  response: envelope(passkeyItem),
});

/** The player's passkeys, newest first. */
export const list = defineCall({
  method: 'POST',
  path: '/user/passkey/list',
  auth: true,
  request: empty,
  response: envelope(z.object({ list: z.array(passkeyItem) })),
});

export const rename = defineCall({
  method: 'POST',
  path: '/user/passkey/rename',
  auth: true,
  request: z.strictObject({ id: rowId, name: passkeyName }),
  response: envelope(passkeyItem),
});

/** Removes the passkey: it logs in no more. */
export const remove = defineCall({
  method: 'POST',
  path: '/user/passkey/remove',
  auth: true,
  request: z.strictObject({ id: rowId }),
  response: envelope(z.object({})),
});

/** Login options: no username, the authenticator offers the site's passkeys (discoverable). */
export const loginOptions = defineCall({
  method: 'POST',
  path: '/passkey/loginOptions',
  auth: false,
  request: empty,
  response: ceremonyOptions,
});

/**
 * Logs in with a passkey: a session as a password login makes, with its account checks; a failed
 * answer counts in the account's lockout as a wrong password does.
 */
export const login = defineCall({
  method: 'POST',
  path: '/passkey/login',
  auth: false,
  request: z.strictObject({ credential: authenticationCredential }),
  response: envelope(z.object({ token: z.string() })),
});
