import { validationText, type Lang } from '@breakshot/contracts';
import type { z } from 'zod';
import { ApiError } from '../../lib/http';

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** zod issues → the first message per field, in the user's language (messages are keys of the contracts). */
export function issuesToErrors<F extends string>(error: z.ZodError, lang: Lang): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (field && !out[field]) out[field] = validationText(issue.message, lang);
  }
  return out;
}

/** Validates `values` with a schema: {} when valid, else messages per field. */
export function validateWith<F extends string>(schema: z.ZodType, values: unknown, lang: Lang): FieldErrors<F> {
  const r = schema.safeParse(values);
  return r.success ? {} : issuesToErrors<F>(r.error, lang);
}

/** Only the errors of fields the user has touched (all of them after a submit attempt). */
export function visibleErrors<F extends string>(
  errors: FieldErrors<F>,
  touched: Partial<Record<F, boolean>>,
  submitted: boolean,
): FieldErrors<F> {
  if (submitted) return errors;
  const out: FieldErrors<F> = {};
  for (const k of Object.keys(errors) as F[]) if (touched[k]) out[k] = errors[k];
  return out;
}

/** The form field a failed call names (`data.field`; of `images.0`, `images`), if any. */
export function errorField(err: unknown): string | undefined {
  return (err instanceof ApiError && err.data?.field?.split('.')[0]) || undefined;
}
