import { z } from 'zod';
import { defineCall, empty, envelope, isoTime, money } from './common.js';
import { captchaCode, captchaId, inviteCode, password, str, username } from './fields.js';
import { sex } from './profile.js';

const tokenData = envelope(z.object({ token: z.string() }));

/**
 * A new captcha: `image` is a PNG drawn on the server (`data:image/png;base64,…`, 208 × 76 px,
 * shown at half that size), its characters each rotated and warped, crossed by strokes and speckle.
 * One use, valid 2 minutes.
 */
export const captchaGetCode = defineCall({
  method: 'POST',
  path: '/captcha/getCode',
  auth: false,
  request: empty,
  response: envelope(z.object({ captchaId: z.string(), image: z.string() })),
});

export const captchaCheckCode = defineCall({
  method: 'POST',
  path: '/captcha/checkCode',
  auth: false,
  request: z.object({ captchaId, captchaCode }).strict(),
  response: envelope(z.object({})),
});

/*
 * Proof of work, the step-up of register and login (docs/security.md): after a burst of
 * registrations or failed logins from one client, or on an account that saw failed logins, the
 * call is refused with `data.step: 'pow'` (powRequired) until it carries `pow`, a solved challenge.
 * The captcha of a refused call is not used up: get a challenge, solve it, send the call again.
 */

export const powPurpose = z.enum(['login', 'register'], { error: 'invalid' });
export type PowPurpose = z.infer<typeof powPurpose>;

/**
 * A challenge sized for the call it is asked for (the login's `username`: the account's
 * failures raise it). Solving: the `number` in [0, max) whose SHA-256 of `challenge` followed by
 * the number in decimal (UTF-8) is `hash` (hex). One use, until `expiresAt`.
 */
export const captchaChallenge = defineCall({
  method: 'POST',
  path: '/captcha/challenge',
  auth: false,
  request: z.strictObject({ purpose: powPurpose, username: str().max(32, 'too_long').optional() }),
  response: envelope(
    z.object({
      challenge: z.string(),
      hash: z.string(),
      max: z.number().int(),
      signature: z.string(),
      expiresAt: isoTime,
    }),
  ),
});

/** A solved challenge: its `challenge` and `signature` as given, and the number found. */
export const powSolution = z.strictObject({
  challenge: str().min(1, 'required').max(200, 'too_long'),
  number: z
    .number({ error: 'invalid_type' })
    .int('invalid')
    .min(0, 'invalid')
    .max(2 ** 31, 'invalid'),
  signature: str().min(1, 'required').max(128, 'too_long'),
});
export type PowSolution = z.infer<typeof powSolution>;

export const registerRequest = z
  .object({
    username,
    password,
    captchaId,
    captchaCode,
    inviteCode: inviteCode.optional(),
    pow: powSolution.optional(),
  })
  .strict();

export const register = defineCall({
  method: 'POST',
  path: '/register',
  auth: false,
  request: registerRequest,
  response: tokenData,
});

export const loginRequest = z
  .object({
    username: str().min(1, 'required').max(32, 'too_long'),
    password: str().min(1, 'required').max(64, 'too_long'),
    captchaId,
    captchaCode,
    pow: powSolution.optional(),
  })
  .strict();

export const login = defineCall({
  method: 'POST',
  path: '/login',
  auth: false,
  request: loginRequest,
  response: tokenData,
});

export const userInfoData = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  balance: money,
  frozen: money,
  vipLevel: z.number().int(),
  /** Masked (138****8000), null when none is bound. */
  mobile: z.string().nullable(),
  inviteCode: z.string(),
  hasFundPassword: z.boolean(),
  createdAt: isoTime,
  sex,
  /** YYYY-MM-DD; null until set (it can be set once). */
  birthday: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const userInfo = defineCall({
  method: 'POST',
  path: '/user/info',
  auth: true,
  request: empty,
  response: envelope(userInfoData),
});

export const userLogout = defineCall({
  method: 'POST',
  path: '/user/logout',
  auth: true,
  request: empty,
  response: envelope(z.object({})),
});

/** One-use token, valid 60 s, for `GET /ws?token=` (docs/design.md §6). */
export const getWss = defineCall({
  method: 'POST',
  path: '/getWss',
  auth: true,
  request: empty,
  response: tokenData,
});
