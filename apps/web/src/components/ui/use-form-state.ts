import { useState } from 'react';
import { errorText } from '../../lib/toast';
import { errorField, visibleErrors, type FieldErrors } from './form-errors';

/**
 * The state of a small form of text fields (the bottom sheets): its values, the errors to show
 * (of touched fields, all after a submit attempt) and one submit at a time. A failed call's message
 * shows under the field it names when that is one of `serverFields`, else as `formError`; a
 * successful one empties the form.
 */
export function useFormState<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
  serverFields: readonly (keyof V & string)[] = [],
) {
  type F = keyof V & string;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ field?: F; text: string } | null>(null);

  const all = validate(values);
  const errors = visibleErrors(all, touched, submitted);
  if (serverError?.field) errors[serverError.field] = serverError.text;

  const set = (f: F) => (v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setTouched((s) => ({ ...s, [f]: true }));
    setServerError(null);
  };

  /** Submit handler: validates, then `send(values)`. */
  const submit = (send: (values: V) => Promise<void>) => async () => {
    setSubmitted(true);
    if (busy || Object.keys(all).length > 0) return;
    setBusy(true);
    try {
      await send(values);
      setValues(initial);
      setTouched({});
      setSubmitted(false);
    } catch (err) {
      const field = serverFields.find((f) => f === errorField(err));
      setServerError({ ...(field ? { field } : {}), text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return {
    values,
    set,
    busy,
    submit,
    /** A failed call's message that names none of `serverFields`. */
    formError: serverError && !serverError.field ? serverError.text : null,
    /** Hides a failed call's message once the form changes beyond its fields (a choice made). */
    clearError: () => setServerError(null),
    /** Props of the input bound to field `f`. */
    field: (f: F) => ({ value: values[f], onValue: set(f), error: errors[f] }),
  };
}
