import { validationText, withdrawals } from '@breakshot/contracts';
import Popup from 'antd-mobile/es/components/popup';
import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { issuesToErrors, visibleErrors, type FieldErrors } from './form-errors';
import { PasscodeField, SubmitButton, TextField } from './form-field';
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
  const [v, setV] = useState({ password: '', fundPassword: '', confirm: '', oldFundPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const all = validateFundPasswordForm(v, change, lang);
  const errors = visibleErrors(all, touched, submitted);
  const set = (k: F) => (val: string) => {
    setV((s) => ({ ...s, [k]: val }));
    setTouched((s) => ({ ...s, [k]: true }));
    setServerError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(all).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        password: v.password,
        fundPassword: v.fundPassword,
        ...(change ? { oldFundPassword: v.oldFundPassword } : {}),
      });
      void showToast(t('ui.fundPwd.done'), 'success');
      setV({ password: '', fundPassword: '', confirm: '', oldFundPassword: '' });
      setTouched({});
      setSubmitted(false);
      onDone?.();
      onClose();
    } catch (err) {
      setServerError(
        err && typeof err === 'object' && 'msg' in err ? String((err as { msg: string }).msg) : String(err),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <form className="sheet-form" onSubmit={(e) => void submit(e)} noValidate data-testid="fund-password-sheet">
        <div className="sheet-head">
          <h2>{t(change ? 'ui.fundPwd.changeTitle' : 'ui.fundPwd.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('ui.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <p className="muted small">{t('ui.fundPwd.intro')}</p>
        <TextField
          label={t('ui.fundPwd.loginPassword')}
          type="password"
          autoComplete="current-password"
          placeholder={t('ui.fundPwd.loginPasswordPh')}
          value={v.password}
          onValue={set('password')}
          error={errors.password}
          testId="fp-login-password"
        />
        {change && (
          <PasscodeField
            label={t('ui.fundPwd.old')}
            value={v.oldFundPassword}
            onValue={set('oldFundPassword')}
            error={errors.oldFundPassword}
            testId="fp-old"
          />
        )}
        <PasscodeField
          label={t('ui.fundPwd.new')}
          value={v.fundPassword}
          onValue={set('fundPassword')}
          error={errors.fundPassword}
          testId="fp-new"
        />
        <PasscodeField
          label={t('ui.fundPwd.confirm')}
          value={v.confirm}
          onValue={set('confirm')}
          error={errors.confirm}
          testId="fp-confirm"
        />
        {serverError && (
          <div className="form-error" role="alert">
            {serverError}
          </div>
        )}
        <SubmitButton busy={busy} label={t('ui.fundPwd.submit')} busyLabel={t('ui.submitting')} testId="fp-submit" />
      </form>
    </Popup>
  );
}
