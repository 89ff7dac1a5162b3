import type { agent } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormError, SegmentField, SubmitButton, TextField } from '../../../components/ui/form-field';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-state';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { errorText, showToast } from '../../../lib/toast';
import { useAgentHome, type AgentProfile } from '../api/home';
import { useAddLink } from '../api/links';
import { RatesFields } from '../shared/rates-fields';
import { readRates, serverFieldOf, zeroTexts, type RateField, type RateTexts } from '../shared/rates';
import '../shared/agent-ui';

/** How long a link works: for good, a preset number of days, or a number typed. */
const VALIDITY = ['forever', '7', '30', '90', 'custom'] as const;
type Validity = (typeof VALIDITY)[number];
const MAX_DAYS = 3650;

type Field = 'kind' | 'remark' | 'validDays' | RateField;
const SERVER_FIELDS = ['kind', 'remark', 'validDays'] as const;

/** /user/daili/addlianjie: a new invite link — type, rates (≤ mine), ratio for agent links, remark, validity. */
export default function NewLinkPage() {
  const q = useAgentHome();
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  return (
    <div className="page ag">
      <AddLinkForm me={q.data} />
    </div>
  );
}

/** The valid days the form sends (null: forever), or the message of a bad custom number. */
function readValidity(v: Validity, days: string, t: (k: string, p?: Record<string, unknown>) => string) {
  if (v === 'forever') return { value: null };
  if (v !== 'custom') return { value: Number(v) };
  const n = Number(days);
  return /^\d+$/.test(days) && n >= 1 && n <= MAX_DAYS
    ? { value: n }
    : { value: undefined, error: t('agent.link.daysRange', { max: MAX_DAYS }) };
}

function AddLinkForm({ me }: { me: AgentProfile }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const add = useAddLink();
  const [kind, setKind] = useState<agent.MemberKind>('member');
  const [texts, setTexts] = useState<RateTexts>(zeroTexts);
  const [remark, setRemark] = useState('');
  const [validity, setValidity] = useState<Validity>('forever');
  const [days, setDays] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ field?: Field; text: string } | null>(null);

  const withRatio = kind === 'agent';
  const rates = readRates(texts, me, withRatio, lang);
  const valid = readValidity(validity, days, t);
  const all: Partial<Record<Field, string>> = { ...rates.errors };
  if (valid.error) all.validDays = valid.error;
  if (remark.trim().length > 100) all.remark = t('agent.link.remarkTooLong');
  const errors: Partial<Record<Field, string>> = submitted ? { ...all } : {};
  if (server?.field) errors[server.field] = server.text;
  const clear = () => setServer(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServer(null);
    if (Object.keys(all).length > 0 || !rates.value || valid.value === undefined || add.isPending) return;
    try {
      await add.mutateAsync({ kind, ...rates.value, remark: remark.trim(), validDays: valid.value });
      void showToast(t('agent.link.added'), 'success');
      void navigate(pathTo('dlLianjieDetails'), { replace: true });
    } catch (err) {
      const field = serverFieldOf(err, SERVER_FIELDS);
      setServer({ ...(field ? { field } : {}), text: errorText(err) });
    }
  };

  return (
    <form className="ag-form" onSubmit={(e) => void submit(e)} noValidate data-testid="addlink-form">
      <section className="card">
        <SegmentField
          label={t('agent.link.kind')}
          value={kind}
          onValue={(v) => {
            setKind(v as agent.MemberKind);
            clear();
          }}
          options={(me.kind === 'agent' ? (['member', 'agent'] as const) : (['member'] as const)).map((k) => ({
            value: k,
            label: t(`agent.link.kind.${k}`),
          }))}
          error={errors.kind}
          testId="link-kind"
        />
        {me.kind !== 'agent' && <p className="muted small ag-note">{t('agent.link.memberOnly')}</p>}
      </section>
      <section className="card">
        <RatesFields
          texts={texts}
          onText={(f, v) => {
            setTexts((s) => ({ ...s, [f]: v }));
            clear();
          }}
          own={me}
          withRatio={withRatio}
          errors={errors}
        />
      </section>
      <section className="card">
        <SegmentField
          label={t('agent.link.validity')}
          value={validity}
          onValue={(v) => {
            setValidity(v as Validity);
            clear();
          }}
          options={VALIDITY.map((v) => ({
            value: v,
            label: v === 'forever' || v === 'custom' ? t(`agent.link.validity.${v}`) : t('agent.link.days', { n: v }),
          }))}
          error={validity === 'custom' ? undefined : errors.validDays}
          testId="link-validity"
        />
        {validity === 'custom' && (
          <TextField
            label={t('agent.link.customDays')}
            inputMode="numeric"
            placeholder={`1 – ${MAX_DAYS}`}
            suffix={<span className="ag-pct">{t('agent.link.dayUnit')}</span>}
            value={days}
            onValue={(v) => {
              setDays(v.replace(/\D/g, '').slice(0, 4));
              clear();
            }}
            error={errors.validDays}
            testId="link-days"
          />
        )}
        <TextField
          label={t('agent.link.remark')}
          placeholder={t('agent.link.remarkPh')}
          maxLength={100}
          value={remark}
          onValue={(v) => {
            setRemark(v);
            clear();
          }}
          error={errors.remark}
          testId="link-remark"
        />
      </section>
      <FormError text={server && !server.field ? server.text : null} />
      <SubmitButton
        busy={add.isPending}
        label={t('agent.link.submit')}
        busyLabel={t('ui.submitting')}
        testId="link-submit"
      />
    </form>
  );
}
