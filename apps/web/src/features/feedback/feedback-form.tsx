import { feedback } from '@breakshot/contracts';
import ImageUploader, { type ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import { useId, useState, type FormEvent } from 'react';
import { errorField, validateWith, visibleErrors } from '../../components/ui/form-errors';
import { FieldShell, SegmentField, SubmitButton, TextField } from '../../components/ui/form-field';
import { useT } from '../../lib/i18n';
import { errorText, showToast } from '../../lib/toast';
import { fitsUploadLimit, UPLOAD_ACCEPT, uploadImage } from '../../lib/upload';
import { useSubmitFeedback } from './api/feedback';
import './i18n';

type Field = 'type' | 'content' | 'images' | 'contact';
const EMPTY = { type: 'suggestion' as feedback.FeedbackType, content: '', contact: '' };

/**
 * The feedback form of /user/fankui: type, content with a counter, up to three images (uploaded
 * as they are picked, purpose feedback) and an optional contact, validated as the user types with
 * the server's schema; sent once at a time.
 */
export function FeedbackForm() {
  const { t, lang } = useT();
  const contentId = useId();
  const [values, setValues] = useState(EMPTY);
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; msg: string } | null>(null);
  const submit = useSubmitFeedback();

  const request = {
    type: values.type,
    content: values.content,
    images: images.map((i) => i.url),
    ...(values.contact.trim() ? { contact: values.contact } : {}),
  };
  const all = validateWith<Field>(feedback.feedbackRequest, request, lang);
  const errors = visibleErrors(all, touched, submitted);
  if (serverError?.field) errors[serverError.field as Field] = serverError.msg;
  const length = values.content.trim().length;

  const set = (f: 'type' | 'content' | 'contact') => (v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setTouched((s) => ({ ...s, [f]: true }));
    setServerError(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (submit.isPending || Object.keys(all).length > 0) return;
    try {
      await submit.mutateAsync(request);
      void showToast(t('feedback.sent'), 'success');
      setValues(EMPTY);
      setImages([]);
      setTouched({});
      setSubmitted(false);
    } catch (err) {
      // Server answers that name a field (`data.field`, e.g. images.0) are shown under it.
      const field = errorField(err);
      if (field) setServerError({ field, msg: errorText(err) });
      else void showToast(errorText(err), 'fail');
    }
  };

  return (
    <form className="card feedback-form" onSubmit={onSubmit} noValidate data-testid="feedback-form">
      <SegmentField
        label={t('feedback.type')}
        value={values.type}
        onValue={set('type')}
        options={feedback.feedbackTypes.map((ty) => ({ value: ty, label: t(`feedback.type.${ty}`) }))}
        error={errors.type}
        testId="field-type"
      />
      <FieldShell
        label={t('feedback.content')}
        hint={
          <span
            className={`feedback-counter${length > feedback.FEEDBACK_MAX_CHARS ? ' over' : ''}`}
            data-testid="content-counter"
          >
            {length}/{feedback.FEEDBACK_MAX_CHARS}
          </span>
        }
        htmlFor={contentId}
        error={errors.content}
        testId="field-content"
      >
        <div className="field-box feedback-textarea">
          <textarea
            id={contentId}
            value={values.content}
            rows={5}
            placeholder={t('feedback.contentPlaceholder')}
            onChange={(e) => set('content')(e.target.value)}
            aria-invalid={!!errors.content}
            data-testid="field-content-input"
          />
        </div>
      </FieldShell>
      <FieldShell label={t('feedback.images')} error={errors.images} testId="field-images">
        <ImageUploader
          value={images}
          onChange={(items) => {
            setImages(items);
            setServerError(null);
          }}
          accept={UPLOAD_ACCEPT}
          maxCount={feedback.FEEDBACK_MAX_IMAGES}
          beforeUpload={(file) => {
            if (fitsUploadLimit(file)) return file;
            void showToast(t('feedback.imageTooBig'), 'fail');
            return null;
          }}
          upload={async (file) => {
            try {
              const { url } = await uploadImage(file, 'feedback');
              return { url };
            } catch (err) {
              void showToast(errorText(err), 'fail');
              throw err;
            }
          }}
        />
      </FieldShell>
      <TextField
        label={t('feedback.contact')}
        value={values.contact}
        onValue={set('contact')}
        placeholder={t('feedback.contactPlaceholder')}
        maxLength={60}
        error={errors.contact}
        testId="field-contact"
      />
      <SubmitButton
        busy={submit.isPending}
        label={t('feedback.submit')}
        busyLabel={t('feedback.submitting')}
        testId="feedback-submit"
      />
    </form>
  );
}
