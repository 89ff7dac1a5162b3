import type { uploads } from '@breakshot/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import { fitsUploadLimit, UPLOAD_ACCEPT, uploadImage } from '../../lib/upload';
import { FieldShell } from './form-field';
import './ui-i18n';
import './ui.css';

/**
 * Picks an image file and uploads it for `purpose`: files over 2 MB are refused before sending,
 * the server checks the rest. `input` goes on a hidden file input; `open()` shows the picker.
 */
export function useImageUpload(purpose: uploads.UploadPurpose, onUploaded: (url: string) => void | Promise<void>) {
  const { t } = useT();
  const ref = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!fitsUploadLimit(file)) {
      setError(t('ui.upload.tooBig'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onUploaded((await uploadImage(file, purpose)).url);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    error,
    open: () => ref.current?.click(),
    input: {
      ref,
      type: 'file' as const,
      accept: UPLOAD_ACCEPT,
      hidden: true,
      onChange: (e: ChangeEvent<HTMLInputElement>) => void onChange(e),
    },
  };
}

/** A form field holding an uploaded image's URL: a preview tile, tap to upload or replace. */
export function ImageUploadField({
  label,
  value,
  onValue,
  purpose,
  error,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onValue: (url: string) => void;
  purpose: uploads.UploadPurpose;
  error?: string | undefined;
  hint?: string;
  testId?: string;
}) {
  const { t } = useT();
  const upload = useImageUpload(purpose, onValue);
  const shown = upload.error ?? error;
  return (
    <FieldShell label={label} error={shown} testId={testId}>
      <div className="image-upload">
        <button
          type="button"
          className={`image-upload-tile${value ? ' has-image' : ''}`}
          onClick={upload.open}
          disabled={upload.busy}
          aria-busy={upload.busy}
          data-testid={testId ? `${testId}-button` : undefined}
        >
          {value ? <img src={value} alt={label} /> : <span className="image-upload-plus">+</span>}
          {upload.busy && <span className="image-upload-busy">{t('ui.upload.busy')}</span>}
        </button>
        <div className="image-upload-text">
          <div>{value ? t('ui.upload.replace') : t('ui.upload.pick')}</div>
          <div className="muted small">{hint ?? t('ui.upload.rules')}</div>
        </div>
        <input {...upload.input} data-testid={testId ? `${testId}-file` : undefined} />
      </div>
    </FieldShell>
  );
}
