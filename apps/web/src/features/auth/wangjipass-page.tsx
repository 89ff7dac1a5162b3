import { useNavigate } from 'react-router';
import { validateWith, type FieldErrors } from '../../components/ui/form-errors';
import { SubmitButton, TextField } from '../../components/ui/form-field';
import { SmsCodeField } from '../../components/ui/sms-code-field';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { errorText } from '../../lib/toast';
import { sendResetCode, verifyReset } from './api/recovery';
import { AuthCard, CaptchaField } from './auth-ui';
import { recoveryFormSchema, recoverySendSchema, type RecoveryField, type RecoveryValues } from './form-validation';
import './i18n';
import './recovery-i18n';
import { useAuthForm } from './use-auth-form';

/** What /newpass receives in the navigation state. */
export interface NewpassState {
  resetToken: string;
}

/**
 * /wangjipass: username, the bound mobile and the captcha send the SMS code (the captcha guards
 * the send, one code per captcha); the code then verifies the account and /newpass sets the new
 * password with the one-use token it returns.
 */
export default function WangjipassPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const form = useAuthForm<RecoveryValues>('recovery', { username: '', mobile: '', code: '', captchaCode: '' }, (v) =>
    validateWith<RecoveryField>(recoveryFormSchema, v, lang),
  );
  const { values, captcha } = form;

  /** Sends the code; the captcha is used up whatever the answer, so a new one follows. */
  const onSend = async (): Promise<boolean> => {
    const errors: FieldErrors<RecoveryField> = validateWith(recoverySendSchema, values, lang);
    if (Object.keys(errors).length > 0 || !captcha.captchaId) {
      form.setServerErrors(errors);
      return false;
    }
    try {
      await sendResetCode({
        username: values.username,
        mobile: values.mobile,
        captchaId: captcha.captchaId,
        captchaCode: values.captchaCode,
      });
      return true;
    } catch (err) {
      const field = err instanceof ApiError ? err.data?.field : undefined;
      if (field === 'captchaCode' || field === 'username' || field === 'mobile') {
        form.setServerErrors({ [field]: errorText(err) });
        return false;
      }
      throw err;
    } finally {
      form.set('captchaCode')('');
      captcha.refresh();
    }
  };

  const onSubmit = form.submit(
    async () => {
      const { resetToken } = await verifyReset({ username: values.username, mobile: values.mobile, code: values.code });
      const state: NewpassState = { resetToken: resetToken ?? '' };
      void navigate(pathTo('newpass'), { replace: true, state });
    },
    (err) => {
      const field = err instanceof ApiError ? err.data?.field : undefined;
      if (field === 'code') form.setServerErrors({ code: errorText(err) });
      else form.setAlert({ text: errorText(err), locked: err instanceof ApiError && err.code === 429 });
    },
  );

  return (
    <AuthCard
      formRef={form.formRef}
      title={t('recovery.title')}
      sub={t('recovery.sub')}
      alert={form.alert}
      alertTestId="recovery-alert"
      onSubmit={onSubmit}
      switchHint={t('recovery.remembered')}
      switchLabel={t('recovery.toLogin')}
      switchTo={pathTo('login')}
    >
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        placeholder={t('auth.usernamePh')}
        {...form.field('username')}
      />
      <TextField
        label={t('recovery.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        placeholder={t('recovery.mobilePh')}
        {...form.field('mobile')}
        onValue={(v) => form.set('mobile')(v.replace(/\D/g, ''))}
      />
      <CaptchaField captcha={captcha} inputMode="text" {...form.field('captchaCode')} />
      <SmsCodeField value={values.code} onValue={form.set('code')} error={form.shown('code')} onSend={onSend} />
      <SubmitButton
        disabled={!form.ready}
        busy={form.busy}
        label={t('recovery.next')}
        busyLabel={t('recovery.verifying')}
      />
      <p className="muted small recovery-note">{t('recovery.noMobile')}</p>
    </AuthCard>
  );
}
