import { validationText, withdrawals } from '@breakshot/contracts';
import { useT } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { ForgotFundPasswordLink } from '../wallet/fund-password-reset-sheet';
import { issuesToErrors, type FieldErrors } from './form-errors';
import { FormError, PasscodeField, SubmitButton, TextField } from './form-field';
import { FormSheet } from './form-sheet';
import { useFormState } from './use-form-state';
import './ui-i18n';
import './ui.css';

export interface FundPasswordValues {
  password: string;
  fundPassword: string;
  oldFundPassword?: string;
}
type F = 'password' | 'fundPassword' | 'confirm' | 'oldFundPassword';

/** Form errors of the fund-password sheet: the contract's schema plus the confirmation match. */
export function validateFundPasswordForm(
  v: { password: string; fundPassword: string; confirm: string; oldFundPassword: string },
  change: boolean,
  lang: 'zh-CN' | 'en',
): FieldErrors<F> {
  const parsed = withdrawals.setFundPasswordRequest.safeParse({
    password: v.password,
    fundPassword: v.fundPassword,
    ...(change ? { oldFundPassword: v.oldFundPassword } : {}),
  });
  const errors = parsed.success ? {} : issuesToErrors<F>(parsed.error, lang);
  if (change && !v.oldFundPassword) errors.oldFundPassword = validationText('required', lang);
  if (!v.confirm) errors.confirm = validationText('required', lang);
  else if (v.confirm !== v.fundPassword) errors.confirm = validationText('password.mismatch', lang);
  return errors;
}

/**
 * Bottom sheet that sets (or, with `change`, changes) the fund password: login password, the new
 * 6-digit fund password and its confirmation. The caller performs the call (`onSubmit`), which
 * rejects with an error whose message is shown; `onDone` runs after success.
 */
export function FundPasswordSheet({
  visible,
  onClose,
  onSubmit,
  onDone,
  change = false,
}: {
  visible: boolean;
  onClose: () => void;
  onSubmit: (values: FundPasswordValues) => Promise<void>;
  onDone?: () => void;
  change?: boolean;
}) {
  const { t, lang } = useT();
  const form = useFormState({ password: '', fundPassword: '', confirm: '', oldFundPassword: '' }, (v) =>
    validateFundPasswordForm(v, change, lang),
  );

  const submit = form.submit(async ({ password, fundPassword, oldFundPassword }) => {
    await onSubmit({ password, fundPassword, ...(change ? { oldFundPassword } : {}) });
    void showToast(t('ui.fundPwd.done'), 'success');
    onDone?.();
    onClose();
  });

  return (
    <FormSheet
      visible={visible}
      onClose={onClose}
      title={t(change ? 'ui.fundPwd.changeTitle' : 'ui.fundPwd.title')}
      onSubmit={submit}
      testId="fund-password-sheet"
    >
      <p className="muted small">{t('ui.fundPwd.intro')}</p>
      <TextField
        label={t('ui.fundPwd.loginPassword')}
        type="password"
        autoComplete="current-password"
        placeholder={t('ui.fundPwd.loginPasswordPh')}
        {...form.field('password')}
        testId="fp-login-password"
      />
      {change && (
        <PasscodeField
          label={t('ui.fundPwd.old')}
          hint={<ForgotFundPasswordLink onDone={onClose} />}
          {...form.field('oldFundPassword')}
          testId="fp-old"
        />
      )}
      <PasscodeField label={t('ui.fundPwd.new')} {...form.field('fundPassword')} testId="fp-new" />
      <PasscodeField label={t('ui.fundPwd.confirm')} {...form.field('confirm')} testId="fp-confirm" />
      <FormError text={form.formError} />
      <SubmitButton busy={form.busy} label={t('ui.fundPwd.submit')} busyLabel={t('ui.submitting')} testId="fp-submit" />
    </FormSheet>
  );
}
