import { agent, security, validationText } from '@breakshot/contracts';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { validateWith, type FieldErrors } from '../../../components/ui/form-errors';
import { FormError, PasscodeField, SubmitButton, TextField } from '../../../components/ui/form-field';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-state';
import { SmsCodeField } from '../../../components/ui/sms-code-field';
import { useFormState } from '../../../components/ui/use-form-state';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { errorText, showToast } from '../../../lib/toast';
import '../shared/agent-ui';
import { useAgentHome } from '../api/home';
import { sendAgentResetCode, useResetAgentPassword, useSetAgentPassword } from '../api/passwords';
import { ForgotLink } from '../shared/forgot-link';

type Kind = agent.AgentPasswordKind;
type SetField = 'loginPassword' | 'oldPassword' | 'newPassword' | 'confirm';
type ResetField = 'code' | 'newPassword' | 'confirm';

/** The confirmation must repeat the new password. */
function confirmError(v: { newPassword: string; confirm: string }, lang: 'zh-CN' | 'en'): string | undefined {
  if (!v.confirm) return validationText('required', lang);
  if (v.confirm !== v.newPassword) return validationText('password.mismatch', lang);
  return undefined;
}

/**
 * /user/daili/anquanpass and /user/daili/chongzhipass: sets the security or recharge password, or
 * changes it (the current one too): always with the login password.
 */
function SetPasswordPage({ kind }: { kind: Kind }) {
  const { t } = useT();
  const home = useAgentHome();
  if (home.isPending) return <PageSkeleton />;
  if (home.isError) return <ErrorState message={errorText(home.error)} onRetry={() => void home.refetch()} />;
  const isSet = kind === 'security' ? home.data.hasSecurityPassword : home.data.hasRechargePassword;
  return (
    <div className="page ag">
      <section className="card ag-pwd-intro">
        <strong>{t(`agent.pwd.${kind}.title`)}</strong>
        <p className="muted small">{t(`agent.pwd.${kind}.guards`)}</p>
        <span className={`ag-pwd-state${isSet ? ' ag-pwd-state-on' : ''}`} data-testid="password-state">
          {t(isSet ? 'agent.pwd.isSet' : 'agent.pwd.notSet')}
        </span>
      </section>
      <SetPasswordForm kind={kind} change={isSet} />
    </div>
  );
}

function SetPasswordForm({ kind, change }: { kind: Kind; change: boolean }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const save = useSetAgentPassword(kind);
  const form = useFormState(
    { loginPassword: '', oldPassword: '', newPassword: '', confirm: '' },
    (v) => {
      const errors: FieldErrors<SetField> = validateWith<SetField>(
        agent.agentPasswordSetRequest,
        {
          loginPassword: v.loginPassword,
          newPassword: v.newPassword,
          ...(change ? { oldPassword: v.oldPassword } : {}),
        },
        lang,
      );
      if (change && !v.oldPassword) errors.oldPassword = validationText('required', lang);
      const c = confirmError(v, lang);
      if (c) errors.confirm = c;
      return errors;
    },
    ['loginPassword', 'oldPassword', 'newPassword'],
  );

  const submit = form.submit(async ({ loginPassword, oldPassword, newPassword }) => {
    await save({ loginPassword, newPassword, ...(change ? { oldPassword } : {}) });
    void showToast(t(change ? 'agent.pwd.changed' : 'agent.pwd.saved'), 'success');
    void navigate(pathTo('dlShouye'), { replace: true });
  });

  return (
    <form
      className="card ag-form-card"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="password-form"
    >
      <TextField
        label={t('agent.pwd.loginPassword')}
        type="password"
        autoComplete="current-password"
        placeholder={t('agent.pwd.loginPasswordPh')}
        {...form.field('loginPassword')}
        testId="pwd-login"
      />
      {change && (
        <PasscodeField
          label={t(`agent.pwd.${kind}.old`)}
          hint={<ForgotLink kind={kind} />}
          {...form.field('oldPassword')}
          testId="pwd-old"
        />
      )}
      <PasscodeField label={t(`agent.pwd.${kind}.new`)} {...form.field('newPassword')} testId="pwd-new" />
      <PasscodeField label={t('agent.pwd.confirm')} {...form.field('confirm')} testId="pwd-confirm" />
      <FormError text={form.formError} />
      <SubmitButton
        busy={form.busy}
        label={t(change ? 'agent.pwd.changeSubmit' : 'agent.pwd.setSubmit')}
        busyLabel={t('ui.submitting')}
        testId="pwd-submit"
      />
    </form>
  );
}

const resetSchema = z.object({ code: security.smsCode, newPassword: agent.agentPassword });

/**
 * /user/daili/wangjipass and /user/daili/newpass: resets the security or recharge password with an
 * SMS code to the bound mobile (it also lifts that password's lock); without a mobile, binds one first.
 */
function ResetPasswordPage({ kind }: { kind: Kind }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const home = useAgentHome();
  const reset = useResetAgentPassword();
  const form = useFormState(
    { code: '', newPassword: '', confirm: '' },
    (v) => {
      const errors = validateWith<ResetField>(resetSchema, v, lang);
      const c = confirmError(v, lang);
      if (c) errors.confirm = c;
      return errors;
    },
    ['code', 'newPassword'],
  );
  const submit = form.submit(async ({ code, newPassword }) => {
    await reset({ kind, code, newPassword });
    void showToast(t('agent.pwd.resetDone'), 'success');
    void navigate(pathTo('dlShouye'), { replace: true });
  });

  if (home.isPending) return <PageSkeleton />;
  if (home.isError) return <ErrorState message={errorText(home.error)} onRetry={() => void home.refetch()} />;

  return (
    <div className="page ag">
      <section className="card ag-pwd-intro">
        <strong>{t(`agent.pwd.${kind}.resetTitle`)}</strong>
        <p className="muted small">{t('agent.pwd.resetIntro')}</p>
      </section>
      {home.data.mobileBound ? (
        <form
          className="card ag-form-card"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
          data-testid="reset-form"
        >
          <SmsCodeField
            {...form.field('code')}
            onSend={async () => {
              await sendAgentResetCode();
              return true;
            }}
            testId="reset-code"
          />
          <PasscodeField label={t(`agent.pwd.${kind}.new`)} {...form.field('newPassword')} testId="reset-new" />
          <PasscodeField label={t('agent.pwd.confirm')} {...form.field('confirm')} testId="reset-confirm" />
          <FormError text={form.formError} />
          <SubmitButton
            busy={form.busy}
            label={t('agent.pwd.resetSubmit')}
            busyLabel={t('ui.submitting')}
            testId="reset-submit"
          />
        </form>
      ) : (
        <div className="notice notice-warn" data-testid="reset-no-mobile">
          <div>
            <strong>{t('agent.pwd.noMobile')}</strong>
            <p>{t('agent.pwd.noMobileHint')}</p>
          </div>
          <Link className="btn btn-gold btn-small" to={pathTo('dlMobile')}>
            {t('agent.pwd.toMobile')}
          </Link>
        </div>
      )}
    </div>
  );
}

export const SecurityPasswordPage = () => <SetPasswordPage kind="security" />;
export const RechargePasswordPage = () => <SetPasswordPage kind="recharge" />;
export const SecurityResetPage = () => <ResetPasswordPage kind="security" />;
export const RechargeResetPage = () => <ResetPasswordPage kind="recharge" />;
