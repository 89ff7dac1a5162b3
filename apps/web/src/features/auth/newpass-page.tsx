import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { visibleErrors } from '../../components/ui/form-errors';
import { SubmitButton } from '../../components/ui/form-field';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { errorText, showToast } from '../../lib/toast';
import { resetPassword } from './api/recovery';
import { AuthCard, PasswordField, type AuthAlert } from './auth-ui';
import { validateNewPassword } from './form-validation';
import './i18n';
import './recovery-i18n';
import type { NewpassState } from './wangjipass-page';

type F = 'password' | 'confirmPassword';

/**
 * /newpass: the new password and its confirmation, with the one-use token /wangjipass got (in the
 * navigation state). Every session ends on the server, so this browser's too; then /login.
 */
export default function NewpassPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const resetToken = (useLocation().state as Partial<NewpassState> | null)?.resetToken;
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<(AuthAlert & { expired?: boolean }) | null>(null);

  const all = validateNewPassword(values, lang);
  const errors = visibleErrors(all, touched, submitted);
  const field = (f: F) => ({
    name: f,
    value: values[f],
    error: errors[f],
    onValue: (v: string) => {
      setValues((s) => ({ ...s, [f]: v }));
      setTouched((s) => ({ ...s, [f]: true }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || !resetToken || Object.keys(all).length > 0) return;
    setBusy(true);
    setAlert(null);
    try {
      await resetPassword({ resetToken, password: values.password });
      // The server ended every session of the player, this one included.
      if (useSession.getState().token) useSession.getState().clearLocal();
      void showToast(t('recovery.done'), 'success');
      void navigate(pathTo('login'), { replace: true });
    } catch (err) {
      const expired = err instanceof ApiError && err.data?.field === 'resetToken';
      setAlert({ text: errorText(err), expired });
    } finally {
      setBusy(false);
    }
  };

  const restart = (
    <Link to={pathTo('wangjipass')} replace data-testid="newpass-restart">
      {t('recovery.restart')}
    </Link>
  );

  return (
    <AuthCard
      title={t('recovery.newTitle')}
      sub={t('recovery.newSub')}
      alert={alert}
      alertTestId="newpass-alert"
      onSubmit={submit}
      switchHint={t('recovery.remembered')}
      switchLabel={t('recovery.toLogin')}
      switchTo={pathTo('login')}
    >
      {!resetToken || alert?.expired ? (
        <div className="auth-alert auth-alert-locked recovery-restart" data-testid="newpass-no-token">
          <div>
            <strong>{t('recovery.noToken')}</strong>
            <p>{t('recovery.noTokenHint')}</p>
          </div>
          {restart}
        </div>
      ) : null}
      <PasswordField
        label={t('recovery.newPassword')}
        autoComplete="new-password"
        placeholder={t('auth.passwordRegPh')}
        {...field('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        placeholder={t('auth.confirmPasswordPh')}
        {...field('confirmPassword')}
      />
      <SubmitButton
        busy={busy}
        label={t('recovery.save')}
        busyLabel={t('recovery.saving')}
        disabled={!resetToken || alert?.expired}
        testId="newpass-submit"
      />
    </AuthCard>
  );
}
