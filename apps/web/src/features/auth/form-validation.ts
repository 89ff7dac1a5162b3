import { auth, security, validationText, type Lang } from '@breakshot/contracts';
import { z } from 'zod';
import { issuesToErrors, validateWith, type FieldErrors } from '../../components/ui/form-errors';

/**
 * The register form: the server's request schema plus the 18+ box. The confirm-password match is
 * checked beside it (a zod refinement would not run while another field is still invalid).
 */
export const registerFormSchema = auth.registerRequest.omit({ captchaId: true }).extend({
  confirmPassword: z.string(),
  terms: z.literal(true, { error: 'terms.required' }),
});

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  captchaCode: string;
  inviteCode: string;
  terms: boolean;
}
export type RegisterField = keyof RegisterValues;

export function validateRegister(
  values: RegisterValues,
  lang: Lang,
  opts: { inviteRequired?: boolean } = {},
): FieldErrors<RegisterField> {
  const parsed = registerFormSchema.safeParse({
    ...values,
    inviteCode: values.inviteCode || undefined,
  });
  const errors = parsed.success ? {} : issuesToErrors<RegisterField>(parsed.error, lang);
  if (!values.confirmPassword) errors.confirmPassword = validationText('required', lang);
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = validationText('password.mismatch', lang);
  if (opts.inviteRequired && !values.inviteCode && !errors.inviteCode)
    errors.inviteCode = validationText('required', lang);
  return errors;
}

export const loginFormSchema = auth.loginRequest.omit({ captchaId: true });
export interface LoginValues {
  username: string;
  password: string;
  captchaCode: string;
}
export type LoginField = keyof LoginValues;

export function validateLogin(values: LoginValues, lang: Lang): FieldErrors<LoginField> {
  return validateWith<LoginField>(loginFormSchema, values, lang);
}

/** /wangjipass: the fields of forgetPassword's verify step, and those that send the code. */
export const recoveryFormSchema = z.object({
  username: auth.registerRequest.shape.username,
  mobile: security.mobile,
  code: security.smsCode,
});
export const recoverySendSchema = z.object({
  username: auth.registerRequest.shape.username,
  mobile: security.mobile,
  captchaCode: auth.registerRequest.shape.captchaCode,
});
export interface RecoveryValues {
  username: string;
  mobile: string;
  code: string;
  captchaCode: string;
}
export type RecoveryField = keyof RecoveryValues;

/** /newpass: the new password (the contract's rule) and its confirmation. */
export function validateNewPassword(
  values: { password: string; confirmPassword: string },
  lang: Lang,
): FieldErrors<'password' | 'confirmPassword'> {
  const errors = validateWith<'password' | 'confirmPassword'>(
    z.object({ password: auth.registerRequest.shape.password }),
    values,
    lang,
  );
  if (!values.confirmPassword) errors.confirmPassword = validationText('required', lang);
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = validationText('password.mismatch', lang);
  return errors;
}
