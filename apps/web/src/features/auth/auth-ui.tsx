import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import { useState, type ComponentProps, type FormEvent, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../components/ui/form-field';
import { Logo } from '../../components/ui/logo';
import { useT } from '../../lib/i18n';
import './auth.css';
import './i18n';
import type { useCaptchaState } from './use-captcha-state';

type TextFieldProps = ComponentProps<typeof TextField>;

export interface AuthAlert {
  text: string;
  /** Too many failures: the account is locked for a while (shown in amber). */
  locked?: boolean;
}

/** The frame of the login and register pages: logo and title, the form card with its alert, the link to the other page. */
export function AuthCard({
  title,
  sub,
  alert,
  alertTestId,
  onSubmit,
  children,
  switchHint,
  switchLabel,
  switchTo,
  formRef,
}: {
  title: string;
  sub: string;
  alert: AuthAlert | null;
  alertTestId: string;
  onSubmit: (e: FormEvent) => Promise<void>;
  children: ReactNode;
  switchHint: string;
  switchLabel: string;
  switchTo: string;
  /** The form's (useAuthForm's formRef). */
  formRef?: Ref<HTMLFormElement>;
}) {
  return (
    <div className="auth">
      <div className="auth-hero">
        <Logo size={48} />
        <div>
          <h1>{title}</h1>
          <p>{sub}</p>
        </div>
      </div>
      <form className="card auth-card" ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
        {alert && (
          <div
            className={`auth-alert${alert.locked ? ' auth-alert-locked' : ''}`}
            role="alert"
            data-testid={alertTestId}
          >
            <ExclamationCircleOutline fontSize={16} />
            <span>{alert.text}</span>
          </div>
        )}
        {children}
        <div className="auth-switch">
          {switchHint}
          <Link to={switchTo}>{switchLabel}</Link>
        </div>
      </form>
    </div>
  );
}

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
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

/** The captcha code input with the captcha image beside it: tap the image to get a new one. */
export function CaptchaField({
  captcha,
  ...props
}: Omit<TextFieldProps, 'label' | 'suffix'> & { captcha: ReturnType<typeof useCaptchaState> }) {
  const { t } = useT();
  return (
    <div className="captcha-row">
      <TextField
        label={t('auth.captcha')}
        autoComplete="off"
        maxLength={8}
        placeholder={t('auth.captchaPh')}
        {...props}
        suffix={
          <button
            type="button"
            className="captcha-img"
            onClick={captcha.refresh}
            aria-label={t('auth.captchaRefresh')}
            title={t('auth.captchaRefresh')}
          >
            {captcha.image && !captcha.loading ? (
              <img src={captcha.image} alt={t('auth.captcha')} data-testid="captcha-image" />
            ) : (
              <span className="captcha-placeholder">{captcha.failed ? t('auth.captchaFailed') : '…'}</span>
            )}
          </button>
        }
      />
    </div>
  );
}

/** While the proof of work the server asked for is solved: what is happening, and how far (`share` 0–1). */
export function StepUpStatus({ share }: { share: number | null }) {
  const { t } = useT();
  if (share === null) return null;
  const percent = Math.min(99, Math.round(share * 100));
  return (
    <div className="step-up" role="status" data-testid="step-up">
      <span className="step-up-text">{t('auth.verifying')}</span>
      <span className="step-up-bar" aria-hidden="true">
        <span style={{ width: `${Math.max(4, percent)}%` }} />
      </span>
    </div>
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
