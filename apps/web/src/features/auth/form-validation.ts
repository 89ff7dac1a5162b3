import { auth, validationText, type Lang } from '@breakshot/contracts';
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
