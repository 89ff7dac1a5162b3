import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { auth } from '@breakshot/contracts';
import type { FieldErrors } from '../../components/ui/form-errors';
import { useAppRunning } from '../../lib/browser-value';
import { ApiError } from '../../lib/http';
import { checkCaptchaCode } from './api/captcha-check-code';
import type { AuthAlert } from './auth-ui';
import { withStepUp } from './pow/with-step-up';
import { useCaptchaState } from './use-captcha-state';

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * State of a captcha-protected form (login, register): values, the errors to show (of touched fields,
 * all after a submit attempt; the server's per field first), one submit at a time, and after each
 * failure an empty captcha input and a new captcha (they are one-use). `stepUp` sends the call
 * through the proof of work the server may ask for; `verifying` is its progress (null: none).
 * `checkCaptcha` asks the server about the typed answer before the form is sent.
 */
export function useAuthForm<V extends { captchaCode: string }>(
  scope: string,
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
) {
  type F = keyof V & string;
  const captcha = useCaptchaState(scope);
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const [alert, setAlert] = useState<AuthAlert | null>(null);
  const [verifying, setVerifying] = useState<number | null>(null);
  // Counts submits: a captcha check answered after one started is stale (the submit used the captcha).
  const submits = useRef(0);

  const errors = validate(values);
  // A field reset after a failed submit (the one-use captcha) stays quiet until typed in again.
  const shown = (f: F) =>
    serverErrors[f] ?? (touched[f] !== false && (submitted || touched[f]) ? errors[f] : undefined);
  const set =
    <K extends F>(f: K) =>
    (v: V[K]) => {
      setValues((s) => ({ ...s, [f]: v }));
      setTouched((s) => ({ ...s, [f]: true }));
      setServerErrors((s) => ({ ...s, [f]: undefined }));
    };
  /** Props of a text input bound to field `f`. */
  const field = <K extends TextKey<V>>(f: K) => ({
    name: f,
    value: values[f] as string,
    onValue: set(f) as (v: string) => void,
    error: shown(f),
  });

  // The server's page (src/ssr) sends nothing before the app has taken it over: its submit button
  // waits, so an Enter there cannot send the form as a plain GET, the password in the address.
  const ready = useAppRunning();
  const first = useRef(initial);
  const formRef = useRef<HTMLFormElement>(null);
  // Values only the browser knows (a remembered name, an invite code: lib/browser-value.ts) come
  // in `initial` just after hydration: each fills its field while the field is as it started,
  // never over what the player typed.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    const later = JSON.parse(initialKey) as V;
    const was = first.current;
    setValues((s) => {
      const learnt = (Object.keys(later) as F[]).filter((f) => later[f] !== was[f] && s[f] === was[f]);
      return learnt.length === 0 ? s : { ...s, ...Object.fromEntries(learnt.map((f) => [f, later[f]])) };
    });
  }, [initialKey]);
  // What was typed into the server's page before the app took it over: hydration leaves the
  // inputs as they are but the state at its first values, so the state takes the inputs' values.
  useLayoutEffect(() => {
    const typed: Partial<Record<F, string | boolean>> = {};
    for (const el of formRef.current?.elements ?? []) {
      if (!(el instanceof HTMLInputElement) || !(el.name in first.current)) continue;
      const value = el.type === 'checkbox' ? el.checked : el.value;
      if (value !== first.current[el.name as F]) typed[el.name as F] = value;
    }
    if (Object.keys(typed).length === 0) return;
    setValues((s) => ({ ...s, ...typed }));
    setTouched((s) => ({ ...s, ...Object.fromEntries(Object.keys(typed).map((f) => [f, true])) }));
  }, []);

  /** The captcha input emptied (quiet until typed in again) and a new captcha: the old one is used up. */
  const newCaptcha = () => {
    setValues((s) => ({ ...s, captchaCode: '' }));
    setTouched((s) => ({ ...s, captchaCode: false }));
    captcha.refresh();
  };

  /**
   * As the player leaves the captcha input: a wrong (or expired) answer is marked with the server's
   * message and, burnt by the check, replaced by a new captcha. A right one stays usable for the
   * submit; anything else (offline) is left for the submit to tell.
   */
  const checkCaptcha = async () => {
    const { captchaId } = captcha;
    const code = values.captchaCode.trim();
    if (!captchaId || !code || errors.captchaCode || busy) return;
    const submit = submits.current;
    try {
      await checkCaptchaCode({ captchaId, captchaCode: code });
    } catch (err) {
      if (submits.current !== submit || !(err instanceof ApiError) || err.data?.field !== 'captchaCode') return;
      setServerErrors((s) => ({ ...s, captchaCode: err.msg }));
      newCaptcha();
    }
  };

  /** Submit handler: validates, then `send(captchaId)`; when that throws, `fail(err)` and a new captcha. */
  const submit = (send: (captchaId: string) => Promise<void>, fail: (err: unknown) => void) => async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setTouched({});
    if (Object.keys(errors).length > 0 || !captcha.captchaId) return;
    submits.current += 1;
    setBusy(true);
    setAlert(null);
    try {
      await send(captcha.captchaId);
    } catch (err) {
      fail(err);
      newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const stepUp = <T>(purpose: auth.PowPurpose, username: string, send: (pow?: auth.PowSolution) => Promise<T>) =>
    withStepUp(purpose, username, send, setVerifying);

  return {
    /** For the form element (AuthCard's formRef). */
    formRef,
    /** Whether the form can be sent: false on the server's page until the app has taken it over. */
    ready,
    captcha,
    values,
    busy,
    verifying,
    alert,
    setAlert,
    setServerErrors,
    shown,
    set,
    field,
    submit,
    stepUp,
    checkCaptcha,
  };
}
