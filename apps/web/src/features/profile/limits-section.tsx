import { limits, type RequestOf } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ChipRadios } from '../../components/ui/chip-filter';
import { confirmDialog } from '../../components/ui/confirm';
import { validateWith, visibleErrors } from '../../components/ui/form-errors';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { useSiteTime } from '../../lib/time';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { useLimits, useSetLimits } from './api/limits';
import './i18n';

type Period = limits.LimitPeriod;
type SetRequest = RequestOf<typeof limits.set>;
type Save = (body: SetRequest) => Promise<limits.LimitsData>;

/**
 * The deposit limits form: one amount per period (empty: no limit), checked with the contract's
 * schema as the player types; shows what is deposited this period and any pending increase.
 */
export function DepositLimitsForm({ data, onSave }: { data: limits.LimitsData; onSave: Save }) {
  const formatDateTime = useSiteTime();
  const { t, lang } = useT();
  const symbol = useCurrencySymbol();
  const initial = Object.fromEntries(
    data.deposit.map((d) => [d.period, d.amount === null ? '' : toAmountInput(d.amount)]),
  ) as Record<Period, string>;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Period, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const request: Record<string, unknown> = { kind: 'deposit' };
  const unreadable: Partial<Record<Period, string>> = {};
  for (const period of limits.limitPeriods) {
    const text = values[period].trim();
    if (!text) continue;
    const minor = parseAmountInput(text);
    if (minor === null) unreadable[period] = t('rg.invalidAmount');
    else request[period] = minor;
  }
  const all = { ...validateWith<Period>(limits.depositLimitsRequest, request, lang), ...unreadable };
  const errors = visibleErrors(all, touched, submitted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(all).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      const saved = await onSave(request as SetRequest);
      const waiting = saved.deposit.some((d) => d.pending);
      void showToast(t(waiting ? 'rg.limitsPending' : 'rg.limitsSaved'), 'success');
    } catch (err) {
      setServerError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="deposit-limits">
      <p className="muted small rg-note">{t('rg.depositNote')}</p>
      {data.deposit.map((d) => (
        <div key={d.period} className="rg-limit">
          <TextField
            label={t(`rg.period.${d.period}`)}
            hint={<span className="rg-used">{t('rg.used', { amount: formatMoney(d.used, symbol) })}</span>}
            value={values[d.period]}
            onValue={(v) => {
              setValues((s) => ({ ...s, [d.period]: cleanAmountTyping(v) }));
              setTouched((s) => ({ ...s, [d.period]: true }));
            }}
            error={errors[d.period]}
            inputMode="decimal"
            placeholder={t('rg.unitPh')}
            prefix={<span className="muted">{symbol}</span>}
            testId={`limit-${d.period}`}
          />
          {d.pending && (
            <div className="rg-pending" data-testid={`limit-${d.period}-pending`}>
              {d.pending.amount === null
                ? t('rg.pendingRemove', { time: formatDateTime(d.pending.from) })
                : t('rg.pendingRaise', {
                    time: formatDateTime(d.pending.from),
                    amount: formatMoney(d.pending.amount, symbol),
                  })}
            </div>
          )}
        </div>
      ))}
      <FormError text={serverError} />
      <SubmitButton busy={busy} label={t('rg.saveLimits')} busyLabel={t('profile.saving')} testId="limits-save" />
    </form>
  );
}

const REMINDER_OPTIONS = ['0', ...limits.REMINDER_MINUTES.map(String)] as const;

/** The reality reminder's interval, saved when picked. */
function ReminderPicker({ data, onSave }: { data: limits.LimitsData; onSave: Save }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const pick = async (v: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await onSave({ kind: 'reminder', minutes: Number(v) as 0 | 15 | 30 | 60 });
      void showToast(t('rg.reminderSaved'), 'success');
    } catch (err) {
      void showToast(errorText(err), 'fail');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ChipRadios
      options={REMINDER_OPTIONS}
      value={String(data.reminderMinutes ?? 0)}
      onChange={(v) => void pick(v)}
      label={(v) => (v === '0' ? t('rg.reminderOff') : t('rg.minutes', { n: v }))}
      dataKey="minutes"
      chipClass="chip-lg"
      ariaLabel={t('rg.reminder')}
      testId="reminder-picker"
    />
  );
}

const DAY_OPTIONS = limits.EXCLUSION_DAYS.map(String);

/**
 * Self-exclusion for 7, 30 or 90 days, confirmed with the login password and a dialog: every
 * session ends at once, so the app logs out locally and goes home.
 */
export function ExclusionForm({ onSave }: { onSave: Save }) {
  const formatDateTime = useSiteTime();
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [days, setDays] = useState('30');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const request = { kind: 'exclusion', days: Number(days), password };
  const errors = visibleErrors(validateWith<'password'>(limits.exclusionRequest, request, lang), {}, submitted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || errors.password || !password) return;
    const ok = await confirmDialog({
      content: t('rg.excludeConfirm', { n: days }),
      confirmText: t('rg.exclude'),
      cancelText: t('settings.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    setServerError(null);
    try {
      const saved = await onSave(request as SetRequest);
      useSession.getState().clearLocal();
      void showToast(t('rg.excluded', { time: formatDateTime(saved.exclusion?.until ?? '') }), 'success');
      void navigate(pathTo('home'), { replace: true });
    } catch (err) {
      setServerError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="exclusion-form">
      <p className="muted small rg-note">{t('rg.exclusionNote')}</p>
      <ChipRadios
        options={DAY_OPTIONS}
        value={days}
        onChange={setDays}
        label={(v) => t('rg.days', { n: v })}
        dataKey="days"
        chipClass="chip-lg"
        ariaLabel={t('rg.exclusion')}
        testId="exclusion-days"
      />
      <TextField
        label={t('rg.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('rg.passwordPh')}
        value={password}
        onValue={(v) => {
          setPassword(v);
          setServerError(null);
        }}
        error={errors.password}
        testId="exclusion-password"
      />
      <FormError text={serverError} />
      <button type="submit" className="btn btn-block rg-exclude" disabled={busy} data-testid="exclusion-submit">
        {busy ? t('rg.excluding') : t('rg.exclude')}
      </button>
    </form>
  );
}

/** The responsible-gaming part of /user/setting (docs/design.md §8). */
export function ResponsibleGaming() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const q = useLimits();
  const set = useSetLimits();
  const save: Save = (body) => set.mutateAsync(body);
  return (
    <section className="card rg" id="responsible-gaming" data-testid="responsible-gaming">
      <h2 className="rg-title">{t('rg.title')}</h2>
      <p className="muted small">{t('rg.intro')}</p>
      {q.isPending ? (
        <SkeletonLines count={5} />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <h3 className="rg-sub">{t('rg.deposit')}</h3>
          <DepositLimitsForm data={q.data} onSave={save} />
          <h3 className="rg-sub">{t('rg.reminder')}</h3>
          <p className="muted small rg-note">{t('rg.reminderNote')}</p>
          <ReminderPicker data={q.data} onSave={save} />
          <h3 className="rg-sub">{t('rg.exclusion')}</h3>
          {q.data.exclusion ? (
            <div className="rg-pending">{t('rg.excludedNow', { time: formatDateTime(q.data.exclusion.until) })}</div>
          ) : (
            <ExclusionForm onSave={save} />
          )}
        </>
      )}
    </section>
  );
}
