import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  suffix?: ReactNode;
  hint?: ReactNode;
}

export function TextField({ label, value, onValue, error, suffix, hint, id, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${rest.readOnly ? ' field-locked' : ''}`}>
      <label htmlFor={inputId} className="field-label">
        {label}
        {hint}
      </label>
      <div className="field-box">
        <input
          id={inputId}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${inputId}-err` : undefined}
          {...rest}
        />
        {suffix}
      </div>
      {error && (
        <div id={`${inputId}-err`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function PasswordField(props: Omit<FieldProps, 'type' | 'suffix'>) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="field-icon"
          aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  );
}

export function LockedSuffix() {
  return (
    <span className="field-icon" aria-hidden="true">
      <LockOutline />
    </span>
  );
}

/** The captcha image beside its input: tap to get a new one. */
export function CaptchaImage({
  image,
  loading,
  failed,
  onRefresh,
}: {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      className="captcha-img"
      onClick={onRefresh}
      aria-label={t('auth.captchaRefresh')}
      title={t('auth.captchaRefresh')}
    >
      {image && !loading ? (
        <img src={image} alt={t('auth.captcha')} data-testid="captcha-image" />
      ) : (
        <span className="captcha-placeholder">{failed ? t('auth.captchaFailed') : '…'}</span>
      )}
    </button>
  );
}

export function CheckField({
  checked,
  onChange,
  children,
  error,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
}) {
  return (
    <div className="check-field">
      <label className="check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={!!error} />
        <span className="check-box" aria-hidden="true" />
        <span>{children}</span>
      </label>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="btn btn-gold btn-block auth-submit" disabled={busy || disabled} aria-busy={busy}>
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
