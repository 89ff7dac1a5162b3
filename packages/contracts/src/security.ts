import { z } from 'zod';
import { defineCall, envelope } from './common.js';
import { captchaCode, captchaId, password, str, username } from './fields.js';
import { fundPassword } from './withdrawals.js';

/*
 * SMS codes, password recovery, the bound mobile and the fund password reset by SMS (docs/screens.md
 * /wangjipass, /newpass, /user/mobile). Messages are keys of messages.ts.
 */

/** A mainland China mobile: 11 digits starting 13–19. */
export const mobile = str().regex(/^1[3-9]\d{9}$/, 'mobile.format');

/** The 6-digit code of an SMS. */
export const smsCode = str().regex(/^\d{6}$/, 'smsCode.format');

/** Seconds between two codes to one mobile. */
export const SMS_RESEND_SECONDS = 60;
/** How long a code works. */
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** Codes per mobile, and per client address, in 24 hours. */
export const SMS_DAILY_LIMIT = 10;
/** Wrong tries that kill a code. */
export const SMS_MAX_TRIES = 5;
/** How long a password reset token works. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * What a code is for: bind (a mobile being bound, also the new one of a change), change (the
 * bound mobile, to change it), fund (the bound mobile, to reset the fund password), agent (the bound mobile, to reset the
 * agent's security or recharge password), reset (the
 * mobile bound to `username`, to recover the login password; no session, a captcha instead).
 */
export const smsPurposes = ['bind', 'change', 'fund', 'reset', 'agent'] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

export const sendSmsCodeRequest = z.discriminatedUnion(
  'purpose',
  [
    z.strictObject({ purpose: z.literal('bind'), mobile }),
    z.strictObject({ purpose: z.literal('change') }),
    z.strictObject({ purpose: z.literal('fund') }),
    z.strictObject({ purpose: z.literal('agent') }),
    z.strictObject({ purpose: z.literal('reset'), username, mobile, captchaId, captchaCode }),
  ],
  { error: 'smsPurpose.invalid' },
);
export type SendSmsCodeRequest = z.infer<typeof sendSmsCodeRequest>;

/**
 * Sends a code. bind, change and fund need the session (the `token` header); reset does not.
 * A reset answers the same whether or not the name and mobile belong together: the code is sent
 * only when they do. Too soon or too many: 429 with data.retryAfter.
 */
export const sendSmsCode = defineCall({
  method: 'POST',
  path: '/user/edit/sendSmsCode',
  auth: false,
  request: sendSmsCodeRequest,
  response: envelope(z.object({ resendAfter: z.number().int(), expiresIn: z.number().int() })),
});

const resetToken = str().min(1, 'required').max(100, 'too_long');

export const forgetPasswordRequest = z.discriminatedUnion(
  'step',
  [
    z.strictObject({ step: z.literal('verify'), username, mobile, code: smsCode }),
    z.strictObject({ step: z.literal('reset'), resetToken, password }),
  ],
  { error: 'invalid' },
);

/**
 * Password recovery. verify: name, bound mobile and the reset code → a one-use token (15 min).
 * reset: the token and the new password → every session of the player ends.
 */
export const forgetPassword = defineCall({
  method: 'POST',
  path: '/forgetPassword',
  auth: false,
  request: forgetPasswordRequest,
  response: envelope(z.object({ resetToken: z.string().optional(), expiresIn: z.number().int().optional() })),
});

/** Binds a mobile when none is bound (code of purpose bind sent to it). */
export const bindMobile = defineCall({
  method: 'POST',
  path: '/user/edit/bindMobile',
  auth: true,
  request: z.strictObject({ mobile, code: smsCode }),
  response: envelope(z.object({ mobile: z.string() })),
});

/** Changes the bound mobile: the old mobile's code (purpose change) and the new one's (purpose bind). */
export const changeMobile = defineCall({
  method: 'POST',
  path: '/user/edit/changeMobile',
  auth: true,
  request: z.strictObject({ oldCode: smsCode, mobile, code: smsCode }),
  response: envelope(z.object({ mobile: z.string() })),
});

/** A new fund password with a code sent to the bound mobile (purpose fund); lifts a lockout. */
export const resetFundPassword = defineCall({
  method: 'POST',
  path: '/user/edit/resetFundPassword',
  auth: true,
  request: z.strictObject({ code: smsCode, fundPassword }),
  response: envelope(z.object({})),
});
