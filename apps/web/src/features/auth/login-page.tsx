import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton, TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/http';
import { useBrowserValue } from '../../lib/browser-value';
import { useT } from '../../lib/i18n';
import { pathTo, safeRedirect } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { REMEMBER_USERNAME_KEY, storage } from '../../lib/storage';
import { errorText, showToast } from '../../lib/toast';
import { postLogin } from './api/login';
import { PasskeyLogin } from './passkey-login';
import { AuthCard, CaptchaField, CheckField, PasswordField, StepUpStatus } from './auth-ui';
import { validateLogin, type LoginValues } from './form-validation';
import './i18n';
import { useGuestOnly } from './guest-only';
import { useAuthForm } from './use-auth-form';

export default function LoginPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = useBrowserValue(rememberedUsername, null);
  const form = useAuthForm<LoginValues>('login', { username: remembered ?? '', password: '', captchaCode: '' }, (v) =>
    validateLogin(v, lang),
  );
  // 记住账号: ticked while this browser remembers a name, until the player says otherwise.
  const [chosen, setRemember] = useState<boolean | null>(null);
  const remember = chosen ?? remembered !== null;
  const away = useGuestOnly();

  /** The session of either login: in, told, and back where the player was going. */
  const enter = async (token: string) => {
    await useSession.getState().login(token);
    void showToast(t('auth.loginSuccess'), 'success');
    void navigate(safeRedirect(params.get('redirect')) ?? pathTo('home'), { replace: true });
  };

  const onSubmit = form.submit(
    async (captchaId) => {
      const { values } = form;
      const { token } = await form.stepUp('login', values.username, (pow) => postLogin({ ...values, captchaId, pow }));
      if (remember) storage.set(REMEMBER_USERNAME_KEY, values.username);
      else storage.remove(REMEMBER_USERNAME_KEY);
      await enter(token);
    },
    (err) => {
      if (err instanceof ApiError && err.code === 429) {
        const retryAfter = err.data?.retryAfter;
        const text = retryAfter ? t('auth.locked', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) }) : err.msg;
        form.setAlert({ text, locked: true });
      } else {
        form.setAlert({ text: errorText(err) });
      }
    },
  );

  if (away) return away;
  return (
    <AuthCard
      formRef={form.formRef}
      title={t('auth.loginTitle')}
      sub={t('auth.loginSub')}
      alert={form.alert}
      alertTestId="login-alert"
      onSubmit={onSubmit}
      switchHint={t('auth.noAccount')}
      switchLabel={t('auth.toRegister')}
      switchTo={pathTo('register')}
    >
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        placeholder={t('auth.usernamePh')}
        {...form.field('username')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPh')}
        {...form.field('password')}
      />
      <CaptchaField captcha={form.captcha} inputMode="text" {...form.field('captchaCode')} />
      <div className="auth-row">
        <CheckField checked={remember} onChange={setRemember}>
          {t('auth.remember')}
        </CheckField>
        <Link to={pathTo('wangjipass')}>{t('auth.forgot')}</Link>
      </div>
      <StepUpStatus share={form.verifying} />
      <SubmitButton disabled={!form.ready} busy={form.busy} label={t('auth.login')} busyLabel={t('auth.loggingIn')} />
      <PasskeyLogin onToken={enter} onError={(text) => form.setAlert({ text })} />
    </AuthCard>
  );
}

/** The username this browser keeps for the next login (记住账号), or null. */
const rememberedUsername = () => storage.get<string>(REMEMBER_USERNAME_KEY);
