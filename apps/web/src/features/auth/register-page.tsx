import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import { useNavigate } from 'react-router';
import { SubmitButton, TextField } from '../../components/ui/form-field';
import { InfoState } from '../../components/ui/page-state';
import { useBrowserValue } from '../../lib/browser-value';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { rememberedInviteCode } from '../../lib/invite';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useSysConfig } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { postRegister } from './api/register';
import { useGuestOnly } from './guest-only';
import { AuthCard, CaptchaField, CheckField, LockedSuffix, PasswordField, StepUpStatus } from './auth-ui';
import { validateRegister, type RegisterField, type RegisterValues } from './form-validation';
import './i18n';
import { useAuthForm } from './use-auth-form';

export default function RegisterPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const sys = useSysConfig();
  // The invite link's code, kept by this tab: locked in the field.
  const lockedInvite = useBrowserValue(rememberedInviteCode, null);
  const form = useAuthForm<RegisterValues>(
    'register',
    {
      username: '',
      password: '',
      confirmPassword: '',
      captchaCode: '',
      inviteCode: lockedInvite ?? '',
      terms: false,
    },
    (v) => validateRegister(v, lang, { inviteRequired: sys.data?.inviteCodeRequired }),
  );
  const away = useGuestOnly();
  if (away) return away;

  if (sys.data && !sys.data.registerEnabled) {
    return (
      <InfoState
        icon={<ExclamationCircleOutline />}
        title={t('auth.registerClosed')}
        text={t('auth.registerClosedHint')}
      />
    );
  }

  const { values } = form;
  const onSubmit = form.submit(
    async (captchaId) => {
      const { token } = await form.stepUp('register', values.username, (pow) =>
        postRegister({
          username: values.username,
          password: values.password,
          captchaId,
          captchaCode: values.captchaCode,
          inviteCode: values.inviteCode || undefined,
          pow,
        }),
      );
      await useSession.getState().login(token);
      void showToast(t('auth.registerSuccess'), 'success');
      void navigate(pathTo('home'), { replace: true });
    },
    (err) => {
      const field = err instanceof ApiError ? err.data?.field : undefined;
      if (field && field !== 'captchaId' && field in values)
        form.setServerErrors({ [field as RegisterField]: err instanceof ApiError ? err.msg : '' });
      else form.setAlert({ text: errorText(err) });
    },
  );

  return (
    <AuthCard
      formRef={form.formRef}
      title={t('auth.registerTitle')}
      sub={t('auth.registerSub')}
      alert={form.alert}
      alertTestId="register-alert"
      onSubmit={onSubmit}
      switchHint={t('auth.hasAccount')}
      switchLabel={t('auth.toLogin')}
      switchTo={pathTo('login')}
    >
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        maxLength={16}
        placeholder={t('auth.usernameRegPh')}
        {...form.field('username')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="new-password"
        maxLength={20}
        placeholder={t('auth.passwordRegPh')}
        {...form.field('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        maxLength={20}
        placeholder={t('auth.confirmPasswordPh')}
        {...form.field('confirmPassword')}
      />
      <CaptchaField captcha={form.captcha} {...form.field('captchaCode')} onBlur={() => void form.checkCaptcha()} />
      <TextField
        label={t('auth.inviteCode')}
        autoComplete="off"
        maxLength={16}
        placeholder={t('auth.inviteCodePh')}
        {...form.field('inviteCode')}
        readOnly={lockedInvite !== null}
        hint={lockedInvite !== null ? <span className="field-tag">{t('auth.inviteLocked')}</span> : undefined}
        suffix={lockedInvite !== null ? <LockedSuffix /> : undefined}
      />
      <CheckField checked={values.terms} onChange={form.set('terms')} error={form.shown('terms')}>
        {t('auth.terms')}
      </CheckField>
      <StepUpStatus share={form.verifying} />
      <SubmitButton
        disabled={!form.ready}
        busy={form.busy}
        label={t('auth.register')}
        busyLabel={t('auth.registering')}
      />
    </AuthCard>
  );
}
