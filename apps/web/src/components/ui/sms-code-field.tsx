import { security } from '@breakshot/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useInertUntilRunning } from '../../lib/browser-value';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { errorText, showToast } from '../../lib/toast';
import { TextField } from './form-field';
import './ui-i18n';
import './ui.css';

/** A countdown to zero from the moment it is started, in whole seconds. */
function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const start = (seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  };
  return { left, start };
}

/**
 * The 6-digit SMS code input with its send button: "获取验证码", then a countdown while a new code
 * may not be asked for, then "重新获取". `onSend` asks for the code: it resolves true once sent,
 * false when the caller refused to send (its own fields are wrong and show why), or rejects with
 * the server's error (shown under the field; a 429 counts down its retryAfter instead).
 */
export function SmsCodeField({
  value,
  onValue,
  onSend,
  error,
  label,
  hint,
  disabled = false,
  testId = 'sms-code',
}: {
  value: string;
  onValue: (v: string) => void;
  onSend: () => Promise<boolean>;
  error?: string | undefined;
  label?: ReactNode;
  hint?: ReactNode;
  /** The send button stays off (e.g. no mobile to send to yet). */
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useT();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const inert = useInertUntilRunning();

  const send = async () => {
    if (sending || left > 0 || disabled) return;
    setSending(true);
    setSendError(null);
    try {
      if (!(await onSend())) return;
      setSent(true);
      // The server's wait between two codes (a 429 says how long exactly).
      start(security.SMS_RESEND_SECONDS);
      void showToast(t('ui.sms.sent'), 'success');
    } catch (err) {
      const retryAfter = err instanceof ApiError && err.code === 429 ? err.data?.retryAfter : undefined;
      if (retryAfter && retryAfter <= 10 * 60) start(retryAfter);
      setSendError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  const buttonText = sending
    ? t('ui.sms.sending')
    : left > 0
      ? t('ui.sms.wait', { seconds: left })
      : t(sent ? 'ui.sms.resend' : 'ui.sms.send');

  return (
    <TextField
      label={label ?? t('ui.sms.code')}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('ui.sms.codePh')}
      value={value}
      onValue={(v) => onValue(v.replace(/\D/g, '').slice(0, 6))}
      error={error ?? sendError ?? undefined}
      testId={testId}
      suffix={
        <button
          type="button"
          className="sms-send"
          onClick={() => void send()}
          disabled={sending || left > 0 || disabled}
          aria-disabled={inert}
          aria-live="polite"
          data-testid={`${testId}-send`}
        >
          {buttonText}
        </button>
      }
    />
  );
}
