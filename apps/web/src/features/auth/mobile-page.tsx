import { security } from '@breakshot/contracts';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { validateWith, visibleErrors, type FieldErrors } from '../../components/ui/form-errors';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { SmsCodeField } from '../../components/ui/sms-code-field';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { errorText, showToast } from '../../lib/toast';
import { bindMobile, changeMobile, sendBindCode, sendChangeCode } from './api/mobile';
import './auth.css';
import './mobile-i18n';

/** The request fields, as the server checks them. */
const bindSchema = z.object({ mobile: security.mobile, code: security.smsCode });
const oldCodeSchema = z.object({ oldCode: security.smsCode });

type Values = { mobile: string; code: string; oldCode: string };
type F = keyof Values;

/**
 * A form's values, the errors to show (touched fields, all after a submit; the server's per field
 * first) and the alert of a failure without a field.
 */
function useMobileForm(schema: z.ZodType) {
  const { lang } = useT();
  const [values, setValues] = useState<Values>({ mobile: '', code: '', oldCode: '' });
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors<F>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const all = validateWith<F>(schema, values, lang);
  const shown = visibleErrors(all, touched, submitted);
  const set = (f: F) => (v: string) => {
    setValues((s) => ({ ...s, [f]: f === 'code' || f === 'oldCode' ? v : v.replace(/\D/g, '') }));
    setTouched((s) => ({ ...s, [f]: true }));
    setServer((s) => ({ ...s, [f]: undefined }));
    setAlert(null);
  };
  /** Shows a failed call: under its field when it names one of ours, else as the alert. */
  const fail = (err: unknown, fields: F[]) => {
    const field = err instanceof ApiError ? (err.data?.field as F | undefined) : undefined;
    if (field && fields.includes(field)) setServer((s) => ({ ...s, [field]: errorText(err) }));
    else setAlert(errorText(err));
  };
  const check = (f: F) => {
    setTouched((s) => ({ ...s, [f]: true }));
    return !all[f];
  };
  return {
    values,
    all,
    error: (f: F) => server[f] ?? shown[f],
    set,
    fail,
    alert,
    setSubmitted,
    /** Marks a field touched (its error shows) and tells whether it is valid. */
    check,
    /**
     * Sends the bind code to the mobile typed: false (nothing sent) when the mobile is invalid or
     * the server refuses it, with the error under the field.
     */
    sendNewMobileCode: async () => {
      if (!check('mobile')) return false;
      try {
        await sendBindCode(values.mobile);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.data?.field === 'mobile') {
          fail(err, ['mobile']);
          return false;
        }
        throw err;
      }
    },
  };
}

/** /user/mobile: bind a mobile, or change the bound one in two steps (old mobile's code, then the new). */
export default function MobilePage() {
  const { t } = useT();
  const user = useSession((s) => s.userInfo);
  const [changing, setChanging] = useState(false);

  return (
    <div className="page mobile-page">
      <section className="card mobile-head" data-testid="mobile-head">
        <span className="mobile-icon" aria-hidden="true">
          <PhonebookOutline />
        </span>
        <div>
          <div className="muted small">{t('mobile.bound')}</div>
          {user?.mobile ? (
            <div className="mobile-number" data-testid="mobile-current">
              {user.mobile}
            </div>
          ) : (
            <div className="mobile-number mobile-none">{user ? t('mobile.none') : '…'}</div>
          )}
        </div>
      </section>
      <p className="muted small mobile-why">{t('mobile.why')}</p>
      {user && !user.mobile && <BindForm />}
      {user?.mobile &&
        (changing ? (
          <ChangeForm current={user.mobile} onClose={() => setChanging(false)} />
        ) : (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => setChanging(true)}
            data-testid="mobile-change"
          >
            {t('mobile.change')}
          </button>
        ))}
    </div>
  );
}

function BindForm() {
  const { t } = useT();
  const form = useMobileForm(bindSchema);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.setSubmitted(true);
    if (busy || Object.keys(form.all).length > 0) return;
    setBusy(true);
    try {
      await bindMobile({ mobile: form.values.mobile, code: form.values.code });
      void showToast(t('mobile.bindDone'), 'success');
      await useSession.getState().loadUserInfo();
    } catch (err) {
      form.fail(err, ['mobile', 'code']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="mobile-bind">
      <h2 className="mobile-title">{t('mobile.bindTitle')}</h2>
      <MobileInput
        label={t('mobile.mobile')}
        value={form.values.mobile}
        onValue={form.set('mobile')}
        error={form.error('mobile')}
      />
      <SmsCodeField
        value={form.values.code}
        onValue={form.set('code')}
        error={form.error('code')}
        onSend={form.sendNewMobileCode}
      />
      <FormError text={form.alert} />
      <SubmitButton busy={busy} label={t('mobile.bind')} busyLabel={t('mobile.binding')} testId="mobile-bind-submit" />
    </form>
  );
}

function ChangeForm({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useT();
  const form = useMobileForm(bindSchema.extend(oldCodeSchema.shape));
  const [step, setStep] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step === 1) {
      if (form.check('oldCode')) setStep(2);
      return;
    }
    form.setSubmitted(true);
    if (busy || Object.keys(form.all).length > 0) return;
    setBusy(true);
    try {
      await changeMobile(form.values);
      void showToast(t('mobile.changeDone'), 'success');
      await useSession.getState().loadUserInfo();
      onClose();
    } catch (err) {
      form.fail(err, ['oldCode', 'mobile', 'code']);
      // The old mobile's code was refused: back to where it is typed.
      if (err instanceof ApiError && err.data?.field === 'oldCode') setStep(1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="mobile-change-form">
      <ol className="mobile-steps" aria-label={t('mobile.change')}>
        <li className={step === 1 ? 'active' : 'done'} aria-current={step === 1 ? 'step' : undefined}>
          <span>1</span>
          {t('mobile.step1')}
        </li>
        <li className={step === 2 ? 'active' : ''} aria-current={step === 2 ? 'step' : undefined}>
          <span>2</span>
          {t('mobile.step2')}
        </li>
      </ol>
      {/* Both steps stay mounted, so each code field keeps its countdown. */}
      <div hidden={step !== 1}>
        <p className="muted small">{t('mobile.oldSentTo', { mobile: current })}</p>
        <SmsCodeField
          label={t('mobile.oldCode')}
          value={form.values.oldCode}
          onValue={form.set('oldCode')}
          error={form.error('oldCode')}
          onSend={async () => {
            await sendChangeCode();
            return true;
          }}
          testId="old-code"
        />
      </div>
      <div hidden={step !== 2}>
        <MobileInput
          label={t('mobile.newMobile')}
          value={form.values.mobile}
          onValue={form.set('mobile')}
          error={form.error('mobile')}
        />
        <SmsCodeField
          label={t('mobile.newCode')}
          value={form.values.code}
          onValue={form.set('code')}
          error={form.error('code')}
          onSend={form.sendNewMobileCode}
          testId="new-code"
        />
      </div>
      <FormError text={form.alert} />
      <SubmitButton
        busy={busy}
        label={t(step === 1 ? 'mobile.next' : 'mobile.changeSubmit')}
        busyLabel={t('mobile.changing')}
        testId="mobile-change-submit"
      />
      <button
        type="button"
        className="btn btn-block mobile-secondary"
        onClick={step === 1 ? onClose : () => setStep(1)}
      >
        {t(step === 1 ? 'mobile.cancel' : 'mobile.back')}
      </button>
    </form>
  );
}

function MobileInput(props: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useT();
  return (
    <TextField
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={11}
      placeholder={t('mobile.mobilePh')}
      testId="mobile-input"
    />
  );
}
