import { profile, validationText } from '@breakshot/contracts';
import { issuesToErrors, type FieldErrors } from '../../components/ui/form-errors';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { FormSheet } from '../../components/ui/form-sheet';
import { useFormState } from '../../components/ui/use-form-state';
import { useT } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { changePassword } from './api/profile';
import './i18n';

type F = 'oldPassword' | 'password' | 'confirm';
/** Each field's texts (pwd.<key>, pwd.<key>Ph) and autocomplete. */
const FIELDS: readonly { f: F; key: string; autoComplete: string }[] = [
  { f: 'oldPassword', key: 'old', autoComplete: 'current-password' },
  { f: 'password', key: 'new', autoComplete: 'new-password' },
  { f: 'confirm', key: 'confirm', autoComplete: 'new-password' },
];

/** Bottom sheet changing the login password; the server ends every other session. */
export function PasswordSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, lang } = useT();
  const form = useFormState(
    { oldPassword: '', password: '', confirm: '' },
    (v) => {
      const parsed = profile.changePasswordRequest.safeParse({ oldPassword: v.oldPassword, password: v.password });
      const all: FieldErrors<F> = parsed.success ? {} : issuesToErrors<F>(parsed.error, lang);
      if (!v.confirm) all.confirm = validationText('required', lang);
      else if (v.confirm !== v.password) all.confirm = validationText('password.mismatch', lang);
      return all;
    },
    ['oldPassword', 'password'],
  );

  const submit = form.submit(async ({ oldPassword, password }) => {
    const { sessionsEnded } = await changePassword({ oldPassword, password });
    void showToast(t(sessionsEnded > 0 ? 'pwd.done' : 'pwd.doneNone'), 'success');
    onClose();
  });

  return (
    <FormSheet visible={visible} onClose={onClose} title={t('pwd.title')} onSubmit={submit} testId="password-sheet">
      <p className="muted small">{t('pwd.note')}</p>
      {FIELDS.map(({ f, key, autoComplete }) => (
        <TextField
          key={f}
          label={t(`pwd.${key}`)}
          placeholder={t(`pwd.${key}Ph`)}
          type="password"
          autoComplete={autoComplete}
          {...form.field(f)}
          testId={`pwd-${f}`}
        />
      ))}
      <FormError text={form.formError} />
      <SubmitButton busy={form.busy} label={t('pwd.submit')} busyLabel={t('pwd.busy')} testId="pwd-submit" />
    </FormSheet>
  );
}
