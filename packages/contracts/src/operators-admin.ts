import { z } from 'zod';
import { defineAdminCall, operatorRole } from './operator-calls.js';
import { envelope, isoTime } from './common.js';
import { str } from './fields.js';

/*
 * Operator login (POST under ADMIN_PREFIX, no session yet): password, then a TOTP code. On the
 * first login the server makes the TOTP secret and answers `totp_setup` with its otpauth URL
 * (the console draws it as a QR code); `totp/confirm` with a code from the authenticator app
 * finishes the login. Five wrong passwords or codes for a name from one client in 15 minutes
 * lock that client out of the name (429); other clients are not locked out. While a name has
 * failures from anyone in the window, its login needs the TOTP code with the password: without a
 * code the answer is totpRequired whatever the password, and a wrong password or code answers
 * operatorLoginFailed alike (docs/security.md).
 */

export const OPERATOR_SESSION_HOURS = 12;
/** How long the enrolment step may take. */
export const TOTP_SETUP_MINUTES = 10;

const totpCode = str().regex(/^\d{6}$/, 'totp.format');

export const operator = z.object({
  username: z.string(),
  role: operatorRole,
});
export type Operator = z.infer<typeof operator>;

/** Wrong passwords or codes for this operator's name since their last login (null: none). */
export const failedLogins = z
  .object({
    count: z.number().int(),
    lastAt: isoTime,
    /** The client of the last one, masked (203.0.113.*). */
    lastIp: z.string(),
  })
  .nullable();
export type FailedLogins = z.infer<typeof failedLogins>;

/** The site's time zone (sys config): the console shows every time on its clock. */
const siteTimeZone = z.string();

const loggedIn = z.object({
  stage: z.literal('done'),
  token: z.string(),
  operator,
  expiresAt: isoTime,
  failedLogins,
  timeZone: siteTimeZone,
});

const totpSetup = z.object({
  stage: z.literal('totp_setup'),
  /** Proves the password for `totp/confirm`; valid TOTP_SETUP_MINUTES. */
  setupToken: z.string(),
  /** otpauth://totp/… for the authenticator app (QR code). */
  otpauthUrl: z.string(),
  /** The secret in base32, to type in when the camera cannot be used. */
  secret: z.string(),
});

export const login = defineAdminCall({
  roles: [],
  path: '/auth/login',
  request: z.strictObject({
    username: str().trim().min(1, 'required').max(32, 'too_long'),
    password: str().min(1, 'required').max(128, 'too_long'),
    /** Required once the operator's TOTP is set up; 401 totpRequired without it. */
    code: totpCode.optional(),
  }),
  response: envelope(z.discriminatedUnion('stage', [loggedIn, totpSetup])),
});

export const totpConfirm = defineAdminCall({
  roles: [],
  path: '/auth/totp/confirm',
  request: z.strictObject({ setupToken: str().min(1, 'required').max(128, 'too_long'), code: totpCode }),
  response: envelope(loggedIn),
});

export const me = defineAdminCall({
  roles: ['finance', 'risk', 'content'],
  path: '/auth/me',
  request: z.strictObject({}),
  response: envelope(z.object({ operator, expiresAt: isoTime, timeZone: siteTimeZone })),
});

export const logout = defineAdminCall({
  roles: ['finance', 'risk', 'content'],
  path: '/auth/logout',
  request: z.strictObject({}),
  response: envelope(z.object({})),
});

/** A one-use ticket for the console's socket (console-live.ts), valid for a minute. */
export const liveTicket = defineAdminCall({
  roles: ['finance', 'risk', 'content'],
  path: '/live/ticket',
  request: z.strictObject({}),
  response: envelope(z.object({ ticket: z.string() })),
});

/** An operator's password: at least 12 characters, with a letter and a digit or symbol. */
export const operatorPassword = str()
  .min(12, 'operatorPassword.length')
  .max(128, 'too_long')
  .refine((p) => /\p{L}/u.test(p) && /[^\p{L}]/u.test(p), 'operatorPassword.format');

/** An operator's name: 3–32 letters, digits, `.`, `_` or `-` (unique whatever the case). */
export const operatorUsername = str()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, 'operatorName.format');

/** Creates an operator account (the CLI's `create-operator`; audited). The TOTP comes at the first login. */
export const operatorCreate = defineAdminCall({
  roles: [],
  path: '/operators/create',
  request: z.strictObject({ username: operatorUsername, password: operatorPassword, role: operatorRole }),
  response: envelope(operator),
});

export const operatorRow = operator.extend({
  status: z.enum(['active', 'disabled']),
  /** False until the operator sets a password through their setup link (operatorInvite). */
  passwordSet: z.boolean(),
  /** Whether the TOTP second factor is set up (false until the first login is finished). */
  totp: z.boolean(),
  createdAt: isoTime,
});
export type OperatorRow = z.infer<typeof operatorRow>;

/** Every operator account, oldest first. */
export const operatorsList = defineAdminCall({
  roles: [],
  path: '/operators/list',
  request: z.strictObject({}),
  response: envelope(z.object({ list: z.array(operatorRow) })),
});

const operatorReason = str().trim().min(1, 'required').max(200, 'too_long');

/**
 * Disables an operator (every console session ends at once, login refused) or enables them
 * again; an admin cannot disable themself. Audited with the reason.
 */
export const operatorSetStatus = defineAdminCall({
  roles: [],
  path: '/operators/set-status',
  request: z.strictObject({
    username: operatorUsername,
    status: z.enum(['active', 'disabled'], { error: 'invalid' }),
    reason: operatorReason,
  }),
  response: envelope(operatorRow),
});

/**
 * Clears an operator's TOTP (a lost phone): their sessions end and the next login enrolls a new
 * authenticator. Audited with the reason.
 */
export const operatorResetTotp = defineAdminCall({
  roles: [],
  path: '/operators/reset-totp',
  request: z.strictObject({ username: operatorUsername, reason: operatorReason }),
  response: envelope(operatorRow),
});

/*
 * Operators created in the console set their own password and authenticator through a one-time
 * link (docs/security.md, "Operator setup links").
 */

/** How long a setup link may be used. */
export const SETUP_LINK_HOURS = 24;

/** A setup link's secret part, as the console puts it in the link's path. */
const setupLinkToken = str().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid');

const setupLink = z.object({
  operator: operatorRow,
  /** The link's secret: the console shows it once, as /setup/<token>; only its hash is kept. */
  token: z.string(),
  expiresAt: isoTime,
});

/**
 * Creates an operator without a password and answers their one-time setup link (audited; the link
 * is not): the operator sets the password and enrols the authenticator through it.
 */
export const operatorInvite = defineAdminCall({
  roles: [],
  path: '/operators/invite',
  request: z.strictObject({ username: operatorUsername, role: operatorRole }),
  response: envelope(setupLink),
});

/** A new setup link for an operator who has not set a password yet; the links before it end. */
export const operatorSetupLink = defineAdminCall({
  roles: [],
  path: '/operators/setup-link',
  request: z.strictObject({ username: operatorUsername, reason: operatorReason }),
  response: envelope(setupLink),
});

/** Changes an operator's role; their sessions end. Nobody changes their own. Audited with the reason. */
export const operatorSetRole = defineAdminCall({
  roles: [],
  path: '/operators/set-role',
  request: z.strictObject({ username: operatorUsername, role: operatorRole, reason: operatorReason }),
  response: envelope(operatorRow),
});

/** Who a setup link is for (no session): 401 operatorSetupLinkEnded when used, replaced, expired or unknown. */
export const setupLinkCheck = defineAdminCall({
  roles: [],
  path: '/auth/setup/check',
  request: z.strictObject({ token: setupLinkToken }),
  response: envelope(z.object({ operator, expiresAt: isoTime })),
});

/**
 * Sets the password through the link (used up by it) and starts the authenticator's enrolment,
 * which `totp/confirm` finishes as at a first login.
 */
export const setupLinkUse = defineAdminCall({
  roles: [],
  path: '/auth/setup',
  request: z.strictObject({ token: setupLinkToken, password: operatorPassword }),
  response: envelope(totpSetup),
});
