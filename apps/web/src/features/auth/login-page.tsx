import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { pathTo, safeRedirect } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { REMEMBER_USERNAME_KEY, storage } from '../../lib/storage';
import { errorText, showToast } from '../../lib/toast';
import { postLogin } from './api/login';
import './auth.css';
import { CaptchaImage, CheckField, PasswordField, SubmitButton, TextField } from './form-fields';
import { validateLogin, type LoginField, type LoginValues } from './form-validation';
import './i18n';
import { useCaptchaState } from './use-captcha-state';

export default function LoginPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptchaState('login');
  const remembered = storage.get<string>(REMEMBER_USERNAME_KEY);
  const [values, setValues] = useState<LoginValues>({ username: remembered ?? '', password: '', captchaCode: '' });
  const [remember, setRemember] = useState(remembered !== null);
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ text: string; locked: boolean } | null>(null);

  const errors = validateLogin(values, lang);
  // A field reset after a failed submit (the one-use captcha) stays quiet until typed in again.
  const shown = (f: LoginField) => (touched[f] !== false && (submitted || touched[f]) ? errors[f] : undefined);
  const set = (f: LoginField) => (v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setTouched((s) => ({ ...s, [f]: true }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setTouched({});
    if (Object.keys(errors).length > 0 || !captcha.captchaId) return;
    setBusy(true);
    setAlert(null);
    try {
      const { token } = await postLogin({ ...values, captchaId: captcha.captchaId });
      if (remember) storage.set(REMEMBER_USERNAME_KEY, values.username);
      else storage.remove(REMEMBER_USERNAME_KEY);
      await useSession.getState().login(token);
      void showToast(t('auth.loginSuccess'), 'success');
      void navigate(safeRedirect(params.get('redirect')) ?? pathTo('home'), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 429) {
        const retryAfter = (err.data as { retryAfter?: number } | null)?.retryAfter;
        const text = retryAfter ? t('auth.locked', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) }) : err.msg;
        setAlert({ text, locked: true });
      } else {
        setAlert({ text: errorText(err), locked: false });
      }
      setValues((s) => ({ ...s, captchaCode: '' }));
      setTouched((s) => ({ ...s, captchaCode: false }));
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <div className="auth-hero">
        <Logo size={48} />
        <div>
          <h1>{t('auth.loginTitle')}</h1>
          <p>{t('auth.loginSub')}</p>
        </div>
      </div>
      <form className="card auth-card" onSubmit={(e) => void onSubmit(e)} noValidate>
        {alert && (
          <div
            className={`auth-alert${alert.locked ? ' auth-alert-locked' : ''}`}
            role="alert"
            data-testid="login-alert"
          >
            <ExclamationCircleOutline fontSize={16} />
            <span>{alert.text}</span>
          </div>
        )}
        <TextField
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          placeholder={t('auth.usernamePh')}
          value={values.username}
          onValue={set('username')}
          error={shown('username')}
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.passwordPh')}
          value={values.password}
          onValue={set('password')}
          error={shown('password')}
        />
        <div className="captcha-row">
          <TextField
            label={t('auth.captcha')}
            name="captchaCode"
            autoComplete="off"
            inputMode="text"
            maxLength={8}
            placeholder={t('auth.captchaPh')}
            value={values.captchaCode}
            onValue={set('captchaCode')}
            error={shown('captchaCode')}
            suffix={
              <CaptchaImage
                image={captcha.image}
                loading={captcha.loading}
                failed={captcha.failed}
                onRefresh={captcha.refresh}
              />
            }
          />
        </div>
        <div className="auth-row">
          <CheckField checked={remember} onChange={setRemember}>
            {t('auth.remember')}
          </CheckField>
          <Link to={pathTo('wangjipass')}>{t('auth.forgot')}</Link>
        </div>
        <SubmitButton busy={busy} label={t('auth.login')} busyLabel={t('auth.loggingIn')} />
        <div className="auth-switch">
          {t('auth.noAccount')}
          <Link to={pathTo('register')}>{t('auth.toRegister')}</Link>
        </div>
      </form>
    </div>
  );
}
