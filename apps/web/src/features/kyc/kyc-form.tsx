import { kyc } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { errorField, validateWith, visibleErrors } from '../../components/ui/form-errors';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { ImageUploadField } from '../../components/ui/image-upload';
import { useT } from '../../lib/i18n';
import { errorText, showToast } from '../../lib/toast';
import { useSubmitKyc } from './api/kyc';
import './i18n';

type Field = 'realName' | 'idNumber' | 'frontImage' | 'backImage';
const EMPTY: Record<Field, string> = { realName: '', idNumber: '', frontImage: '', backImage: '' };

/**
 * The submission form of /user/shimingrenzheng: name, ID number (checked as the player types with
 * the contract's schema, check digit included) and both sides of the ID card, uploaded as they
 * are picked (purposes kyc_front and kyc_back); sent once at a time.
 */
export function KycForm() {
  const { t, lang } = useT();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; msg: string } | null>(null);
  const submit = useSubmitKyc();

  const request = {
    realName: values.realName,
    idNumber: values.idNumber,
    ...(values.frontImage ? { frontImage: values.frontImage } : {}),
    ...(values.backImage ? { backImage: values.backImage } : {}),
  };
  const all = validateWith<Field>(kyc.kycSubmitRequest, request, lang);
  if (!values.frontImage) all.frontImage = t('kyc.photoMissing');
  if (!values.backImage) all.backImage = t('kyc.photoMissing');
  const errors = visibleErrors(all, touched, submitted);
  if (serverError?.field) errors[serverError.field as Field] = serverError.msg;

  const set = (f: Field) => (v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setTouched((s) => ({ ...s, [f]: true }));
    setServerError(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (submit.isPending || Object.keys(all).length > 0) return;
    try {
      await submit.mutateAsync(request as kyc.KycSubmitRequest);
      void showToast(t('kyc.sent'), 'success');
    } catch (err) {
      const field = errorField(err);
      setServerError({ ...(field ? { field } : {}), msg: errorText(err) });
    }
  };

  return (
    <form className="card kyc-form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
      <TextField
        label={t('kyc.realName')}
        value={values.realName}
        onValue={set('realName')}
        placeholder={t('kyc.realNamePh')}
        maxLength={30}
        autoComplete="name"
        error={errors.realName}
        testId="kyc-name"
      />
      <TextField
        label={t('kyc.idNumber')}
        value={values.idNumber}
        onValue={set('idNumber')}
        placeholder={t('kyc.idNumberPh')}
        maxLength={22}
        autoComplete="off"
        inputMode="text"
        error={errors.idNumber}
        testId="kyc-id"
      />
      <ImageUploadField
        label={t('kyc.front')}
        value={values.frontImage}
        onValue={set('frontImage')}
        purpose="kyc_front"
        hint={t('kyc.photoHint')}
        error={errors.frontImage}
        testId="kyc-front"
      />
      <ImageUploadField
        label={t('kyc.back')}
        value={values.backImage}
        onValue={set('backImage')}
        purpose="kyc_back"
        hint={t('kyc.photoHint')}
        error={errors.backImage}
        testId="kyc-back"
      />
      <FormError text={serverError && !serverError.field ? serverError.msg : null} />
      <p className="muted small kyc-privacy">{t('kyc.privacy')}</p>
      <SubmitButton
        busy={submit.isPending}
        label={t('kyc.submit')}
        busyLabel={t('kyc.submitting')}
        testId="kyc-submit"
      />
    </form>
  );
}
