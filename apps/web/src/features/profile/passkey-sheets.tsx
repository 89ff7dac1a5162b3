import { passkeys } from '@breakshot/contracts';
import { validateWith, type FieldErrors } from '../../components/ui/form-errors';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { FormSheet } from '../../components/ui/form-sheet';
import { useFormState } from '../../components/ui/use-form-state';
import { useT } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useAddPasskey, useRenamePasskey } from './api/passkeys';
import './passkeys-i18n';

/** A name for a new passkey from the kind of device it is made on; the player may change it. */
export function deviceName(userAgent: string, fallback: string): string {
  const kinds: [RegExp, string][] = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
  ];
  return kinds.find(([pattern]) => pattern.test(userAgent))?.[1] ?? fallback;
}

const nameErrors = (name: string, lang: 'zh-CN' | 'en'): FieldErrors<'name'> =>
  validateWith<'name'>(passkeys.rename.request.pick({ name: true }), { name }, lang);

/** 添加通行密钥: the login password (the server asks it), then the device's own check. */
export function AddPasskeySheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, lang } = useT();
  const add = useAddPasskey();
  const form = useFormState(
    // No navigator where the server draws /user/setting's skeleton (src/ssr; Node 20 has none).
    {
      name: deviceName(typeof navigator === 'undefined' ? '' : navigator.userAgent, t('pk.defaultName')),
      password: '',
    },
    (v) => ({
      ...nameErrors(v.name, lang),
      ...validateWith<'password'>(passkeys.registerOptions.request, { password: v.password }, lang),
    }),
    ['password'],
  );
  const submit = form.submit(async ({ name, password }) => {
    await add.mutateAsync({ name: name.trim(), password });
    void showToast(t('pk.addDone'), 'success');
    onClose();
  });
  return (
    <FormSheet
      visible={visible}
      onClose={onClose}
      title={t('pk.addTitle')}
      onSubmit={submit}
      testId="passkey-add-sheet"
    >
      <p className="muted small">{t('pk.addNote')}</p>
      <TextField label={t('pk.name')} placeholder={t('pk.namePh')} {...form.field('name')} testId="passkey-name" />
      <TextField
        label={t('pk.password')}
        placeholder={t('pk.passwordPh')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
        testId="passkey-password"
      />
      <FormError text={form.formError} />
      <SubmitButton busy={form.busy} label={t('pk.addSubmit')} busyLabel={t('pk.adding')} testId="passkey-add-submit" />
    </FormSheet>
  );
}

/** 重命名通行密钥: open while `passkey` is set. */
export function RenamePasskeySheet({
  passkey,
  onClose,
}: {
  passkey: passkeys.PasskeyItem | null;
  onClose: () => void;
}) {
  return passkey ? <RenameSheet key={passkey.id} passkey={passkey} onClose={onClose} /> : null;
}

function RenameSheet({ passkey, onClose }: { passkey: passkeys.PasskeyItem; onClose: () => void }) {
  const { t, lang } = useT();
  const rename = useRenamePasskey();
  const form = useFormState({ name: passkey.name }, (v) => nameErrors(v.name, lang), ['name']);
  const submit = form.submit(async ({ name }) => {
    await rename.mutateAsync({ id: passkey.id, name: name.trim() });
    void showToast(t('pk.renamed'), 'success');
    onClose();
  });
  return (
    <FormSheet visible onClose={onClose} title={t('pk.renameTitle')} onSubmit={submit} testId="passkey-rename-sheet">
      <TextField
        label={t('pk.name')}
        placeholder={t('pk.namePh')}
        {...form.field('name')}
        testId="passkey-rename-name"
      />
      <FormError text={form.formError} />
      <SubmitButton busy={form.busy} label={t('pk.save')} busyLabel={t('pk.saving')} testId="passkey-rename-submit" />
    </FormSheet>
  );
}
