import { useState, type FormEvent, type ReactNode } from 'react';
import { validateWith, visibleErrors } from '../../components/ui/form-errors';
import {
  FormError,
  PasscodeField,
  SegmentField,
  SelectField,
  SubmitButton,
  TextField,
} from '../../components/ui/form-field';
import { ImageUploadField } from '../../components/ui/image-upload';
import { ForgotFundPasswordLink } from '../../components/wallet/fund-password-reset-sheet';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import type { FieldDef, FormConfig, FormValues } from './account-types';
import './i18n';

/** Server answers that name a field (`data.field`) are shown under it. */
function serverField(err: unknown): string | undefined {
  const data = err && typeof err === 'object' && 'data' in err ? (err as { data: unknown }).data : null;
  return data && typeof data === 'object' && 'field' in data ? String((data as { field: unknown }).field) : undefined;
}

/**
 * The form scaffold of every withdrawal-account form: renders the config's fields and the 6-digit
 * fund password, validates the built request with the contract's schema as the user types (touched
 * fields; all after a submit attempt), and submits once at a time.
 */
export function AccountForm({
  config,
  onSubmit,
  submitLabel,
  busyLabel,
  disabled,
  before,
  testId = 'account-form',
}: {
  config: FormConfig;
  onSubmit: (request: Record<string, unknown>) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  /** E.g. no fund password yet. */
  disabled?: boolean;
  before?: ReactNode;
  testId?: string;
}) {
  const { t, lang } = useT();
  const [values, setValues] = useState<FormValues>({ ...config.initial, fundPassword: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; msg: string } | null>(null);

  const request = config.build(values);
  const all = validateWith<string>(config.schema, request, lang);
  const errors = visibleErrors(all, touched, submitted);
  const known = new Set([...config.fields.map((f) => f.name), 'fundPassword']);
  const fieldError = serverError?.field && known.has(serverError.field) ? serverError : null;
  if (fieldError?.field) errors[fieldError.field] = fieldError.msg;

  const set = (f: string, normalize?: (v: string) => string) => (v: string) => {
    setValues((s) => ({ ...s, [f]: normalize ? normalize(v) : v }));
    setTouched((s) => ({ ...s, [f]: true }));
    setServerError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || disabled || Object.keys(all).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(request);
    } catch (err) {
      setServerError({ field: serverField(err), msg: errorText(err) });
      if (serverField(err) === 'fundPassword') setValues((s) => ({ ...s, fundPassword: '' }));
    } finally {
      setBusy(false);
    }
  };

  const renderField = (f: FieldDef) => {
    const common = {
      label: t(f.label),
      value: values[f.name] ?? '',
      onValue: set(f.name, f.normalize),
      error: errors[f.name],
      testId: `field-${f.name}`,
    };
    if (f.kind === 'image' && f.purpose) {
      return <ImageUploadField key={f.name} {...common} purpose={f.purpose} hint={t(`${f.label}Hint`)} />;
    }
    if (f.kind === 'segment') return <SegmentField key={f.name} {...common} options={f.options?.(lang) ?? []} />;
    if (f.kind === 'select')
      return <SelectField key={f.name} {...common} options={f.options?.(lang) ?? []} placeholder={t(`${f.label}Ph`)} />;
    return (
      <TextField
        key={f.name}
        {...common}
        placeholder={t(`${f.label}Ph`, { defaultValue: '' })}
        inputMode={f.inputMode}
        maxLength={f.maxLength}
        autoComplete={f.autoComplete ?? 'off'}
        spellCheck={false}
      />
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={testId}>
      {before}
      {config.fields.map(renderField)}
      <PasscodeField
        label={t('wallet.field.fundPassword')}
        hint={<ForgotFundPasswordLink />}
        value={values.fundPassword ?? ''}
        onValue={set('fundPassword')}
        error={errors.fundPassword}
        testId="field-fundPassword"
      />
      <FormError text={fieldError ? null : serverError?.msg} />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} disabled={disabled} testId="account-submit" />
    </form>
  );
}
