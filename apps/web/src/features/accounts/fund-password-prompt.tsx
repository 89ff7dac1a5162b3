import Popup from 'antd-mobile/es/components/popup';
import { useState, type FormEvent } from 'react';
import { PasscodeField, SubmitButton } from '../../components/ui/form-field';
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
  const submit = async (e: FormEvent) => {
    e.preventDefault();
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
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form className="sheet-form" onSubmit={(e) => void submit(e)} noValidate data-testid="fund-password-prompt">
        <div className="sheet-head">
          <h2>{title}</h2>
          <button type="button" className="icon-btn" aria-label={t('ui.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {hint && <p className="muted small">{hint}</p>}
        <PasscodeField
          label={t('wallet.field.fundPassword')}
          value={value}
          onValue={(v) => {
            setValue(v);
            setError(undefined);
          }}
          error={error}
          testId="prompt-fund-password"
        />
        <SubmitButton busy={busy} label={confirmLabel} busyLabel={t('ui.submitting')} testId="prompt-submit" />
      </form>
    </Popup>
  );
}
