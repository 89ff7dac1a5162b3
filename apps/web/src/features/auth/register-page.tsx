import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { InfoState } from '../../components/ui/page-state';
import { Logo } from '../../components/ui/logo';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { rememberedInviteCode } from '../../lib/invite';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useSysConfig } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { postRegister } from './api/register';
import './auth.css';
import { CaptchaImage, CheckField, LockedSuffix, PasswordField, SubmitButton, TextField } from './form-fields';
import { validateRegister, type FieldErrors, type RegisterField, type RegisterValues } from './form-validation';
import './i18n';
import { useCaptchaState } from './use-captcha-state';

export default function RegisterPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const sys = useSysConfig();
  const captcha = useCaptchaState('register');
  const [lockedInvite] = useState(() => rememberedInviteCode());
  const [values, setValues] = useState<RegisterValues>({
    username: '',
    password: '',
    confirmPassword: '',
    captchaCode: '',
    inviteCode: lockedInvite ?? '',
    terms: false,
  });
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<RegisterField>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const errors = validateRegister(values, lang, { inviteRequired: sys.data?.inviteCodeRequired });
  // A field reset after a failed submit (the one-use captcha) stays quiet until typed in again.
  const shown = (f: RegisterField) =>
    serverErrors[f] ?? (touched[f] !== false && (submitted || touched[f]) ? errors[f] : undefined);
  const set =
    <F extends RegisterField>(f: F) =>
    (v: RegisterValues[F]) => {
      setValues((s) => ({ ...s, [f]: v }));
      setTouched((s) => ({ ...s, [f]: true }));
      setServerErrors((s) => ({ ...s, [f]: undefined }));
    };

  if (sys.data && !sys.data.registerEnabled) {
    return (
      <InfoState
        icon={<ExclamationCircleOutline />}
        title={t('auth.registerClosed')}
        text={t('auth.registerClosedHint')}
      />
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setTouched({});
    if (Object.keys(errors).length > 0 || !captcha.captchaId) return;
    setBusy(true);
    setAlert(null);
    try {
      const { token } = await postRegister({
        username: values.username,
        password: values.password,
        captchaId: captcha.captchaId,
        captchaCode: values.captchaCode,
        inviteCode: values.inviteCode || undefined,
      });
      await useSession.getState().login(token);
      void showToast(t('auth.registerSuccess'), 'success');
      void navigate(pathTo('home'), { replace: true });
    } catch (err) {
      const field = err instanceof ApiError ? (err.data as { field?: string } | null)?.field : undefined;
      if (field && field !== 'captchaId' && field in values)
        setServerErrors({ [field]: err instanceof ApiError ? err.msg : '' });
      else setAlert(errorText(err));
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
          <h1>{t('auth.registerTitle')}</h1>
          <p>{t('auth.registerSub')}</p>
        </div>
      </div>
      <form className="card auth-card" onSubmit={(e) => void onSubmit(e)} noValidate>
        {alert && (
          <div className="auth-alert" role="alert" data-testid="register-alert">
            <ExclamationCircleOutline fontSize={16} />
            <span>{alert}</span>
          </div>
        )}
        <TextField
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          maxLength={16}
          placeholder={t('auth.usernameRegPh')}
          value={values.username}
          onValue={set('username')}
          error={shown('username')}
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          maxLength={20}
          placeholder={t('auth.passwordRegPh')}
          value={values.password}
          onValue={set('password')}
          error={shown('password')}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          maxLength={20}
          placeholder={t('auth.confirmPasswordPh')}
          value={values.confirmPassword}
          onValue={set('confirmPassword')}
          error={shown('confirmPassword')}
        />
        <div className="captcha-row">
          <TextField
            label={t('auth.captcha')}
            name="captchaCode"
            autoComplete="off"
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
        <TextField
          label={t('auth.inviteCode')}
          name="inviteCode"
          autoComplete="off"
          maxLength={16}
          placeholder={t('auth.inviteCodePh')}
          value={values.inviteCode}
          onValue={set('inviteCode')}
          readOnly={lockedInvite !== null}
          error={shown('inviteCode')}
          hint={lockedInvite !== null ? <span className="field-tag">{t('auth.inviteLocked')}</span> : undefined}
          suffix={lockedInvite !== null ? <LockedSuffix /> : undefined}
        />
        <CheckField checked={values.terms} onChange={set('terms')} error={shown('terms')}>
          {t('auth.terms')}
        </CheckField>
        <SubmitButton busy={busy} label={t('auth.register')} busyLabel={t('auth.registering')} />
        <div className="auth-switch">
          {t('auth.hasAccount')}
          <Link to={pathTo('login')}>{t('auth.toLogin')}</Link>
        </div>
      </form>
    </div>
  );
}
