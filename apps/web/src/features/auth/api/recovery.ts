import { security, type RequestOf } from '@breakshot/contracts';
import { call } from '../../../lib/http';

/** sendSmsCode for a password reset (captcha, name and bound mobile). */
export const sendResetCode = (
  body: Omit<Extract<RequestOf<typeof security.sendSmsCode>, { purpose: 'reset' }>, 'purpose'>,
) => call(security.sendSmsCode, { purpose: 'reset', ...body });

/** forgetPassword step verify → { resetToken, expiresIn } */
export const verifyReset = (body: { username: string; mobile: string; code: string }) =>
  call(security.forgetPassword, { step: 'verify', ...body });

/** forgetPassword step reset: the one-use token and the new password. */
export const resetPassword = (body: { resetToken: string; password: string }) =>
  call(security.forgetPassword, { step: 'reset', ...body });
