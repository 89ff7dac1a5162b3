import { useState } from 'react';
import { PasscodeField, SubmitButton } from '../../components/ui/form-field';
import { FormSheet } from '../../components/ui/form-sheet';
import { ForgotFundPasswordLink } from '../../components/wallet/fund-password-reset-sheet';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import '../../components/ui/ui-i18n';
import './i18n';

/** A sheet asking for the fund password before an action (delete an account…). */
export function FundPasswordPrompt({
  visible,
  title,
  hint,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  title: string;
  hint?: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (fundPassword: string) => Promise<void>;
}) {
  const { t } = useT();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (busy) return;
    if (!/^\d{6}$/.test(value)) {
      setError(t('ui.fundPwd.enter'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(value);
      setValue('');
      onClose();
    } catch (err) {
      setError(errorText(err));
      setValue('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormSheet visible={visible} onClose={onClose} title={title} onSubmit={submit} testId="fund-password-prompt">
      {hint && <p className="muted small">{hint}</p>}
      <PasscodeField
        label={t('wallet.field.fundPassword')}
        hint={<ForgotFundPasswordLink />}
        value={value}
        onValue={(v) => {
          setValue(v);
          setError(undefined);
        }}
        error={error}
        testId="prompt-fund-password"
      />
      <SubmitButton busy={busy} label={confirmLabel} busyLabel={t('ui.submitting')} testId="prompt-submit" />
    </FormSheet>
  );
}
