import { password, username, validationText, type agent } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { validateWith } from '../../../components/ui/form-errors';
import { FormError, PasscodeField, SegmentField, SubmitButton, TextField } from '../../../components/ui/form-field';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-state';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { errorText, showToast } from '../../../lib/toast';
import { KindChip, PasswordNotice } from '../shared/agent-ui';
import { useAgentHome, type AgentProfile } from '../api/home';
import { useOpenAccount } from '../api/open-account';
import { ForgotLink } from '../shared/forgot-link';
import { RatesFields } from '../shared/rates-fields';
import { readRates, serverFieldOf, zeroTexts, type RateField, type RateTexts } from '../shared/rates';

const accountSchema = z.object({ username, password });
type Field = 'username' | 'password' | 'kind' | 'securityPassword' | RateField;
const SERVER_FIELDS = ['username', 'password', 'kind', 'securityPassword'] as const;

/** /user/daili/kaihu: opens an account under me (a member, or an agent when I am one). */
export default function OpenAccountPage() {
  const q = useAgentHome();
  const [opened, setOpened] = useState<{ id: number; username: string } | null>(null);
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  return (
    <div className="page ag">
      {opened ? (
        <Opened account={opened} onAgain={() => setOpened(null)} />
      ) : (
        <OpenAccountForm me={q.data} onOpened={setOpened} />
      )}
    </div>
  );
}

function OpenAccountForm({
  me,
  onOpened,
}: {
  me: AgentProfile;
  onOpened: (account: { id: number; username: string }) => void;
}) {
  const { t, lang } = useT();
  const open = useOpenAccount();
  const [values, setValues] = useState({ username: '', password: '' });
  const [kind, setKind] = useState<agent.MemberKind>('member');
  const [texts, setTexts] = useState<RateTexts>(zeroTexts);
  const [securityPassword, setSecurityPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ field?: Field; text: string } | null>(null);

  const withRatio = kind === 'agent';
  const rates = readRates(texts, me, withRatio, lang);
  const all: Partial<Record<Field, string>> = {
    ...validateWith<Field>(accountSchema, values, lang),
    ...rates.errors,
  };
  if (!/^\d{6}$/.test(securityPassword)) all.securityPassword = validationText('fundPassword.format', lang);
  const errors: Partial<Record<Field, string>> = submitted ? { ...all } : {};
  if (server?.field) errors[server.field] = server.text;
  const clear = () => setServer(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServer(null);
    if (Object.keys(all).length > 0 || !rates.value || open.isPending) return;
    try {
      const res = await open.mutateAsync({ ...values, kind, ...rates.value, securityPassword });
      void showToast(t('agent.kaihu.done'), 'success');
      onOpened(res);
    } catch (err) {
      setSecurityPassword('');
      const field = serverFieldOf(err, SERVER_FIELDS);
      setServer({ ...(field ? { field } : {}), text: errorText(err) });
    }
  };

  return (
    <form className="ag-form" onSubmit={(e) => void submit(e)} noValidate data-testid="kaihu-form">
      {!me.hasSecurityPassword && <PasswordNotice kind="security" />}
      <section className="card">
        <TextField
          label={t('agent.kaihu.username')}
          placeholder={t('agent.kaihu.usernamePh')}
          autoComplete="off"
          value={values.username}
          onValue={(v) => {
            setValues((s) => ({ ...s, username: v.trim() }));
            clear();
          }}
          error={errors.username}
          testId="kaihu-username"
        />
        <TextField
          label={t('agent.kaihu.password')}
          placeholder={t('agent.kaihu.passwordPh')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          onValue={(v) => {
            setValues((s) => ({ ...s, password: v }));
            clear();
          }}
          error={errors.password}
          testId="kaihu-password"
        />
        {me.kind === 'agent' ? (
          <SegmentField
            label={t('agent.kaihu.kind')}
            value={kind}
            onValue={(v) => {
              setKind(v as agent.MemberKind);
              clear();
            }}
            options={(['member', 'agent'] as const).map((k) => ({ value: k, label: t(`agent.kind.${k}`) }))}
            error={errors.kind}
            testId="kaihu-kind"
          />
        ) : (
          <div className="field" data-testid="kaihu-kind-member">
            <span className="field-label">{t('agent.kaihu.kind')}</span>
            <div className="ag-kind-fixed">
              <KindChip kind="member" />
              <span className="muted small">{t('agent.kaihu.memberOnly')}</span>
            </div>
          </div>
        )}
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
      {me.hasSecurityPassword && (
        <section className="card">
          <PasscodeField
            label={t('agent.pwd.security.label')}
            hint={<ForgotLink kind="security" />}
            value={securityPassword}
            onValue={(v) => {
              setSecurityPassword(v);
              clear();
            }}
            error={errors.securityPassword}
            testId="security-password"
          />
        </section>
      )}
      <FormError text={server && !server.field ? server.text : null} />
      <SubmitButton
        busy={open.isPending}
        label={t('agent.kaihu.submit')}
        busyLabel={t('ui.submitting')}
        disabled={!me.hasSecurityPassword}
        testId="kaihu-submit"
      />
    </form>
  );
}

/** After opening: the new account, its details, or another one. */
function Opened({ account, onAgain }: { account: { id: number; username: string }; onAgain: () => void }) {
  const { t } = useT();
  return (
    <section className="card ag-done" data-testid="kaihu-done">
      <div className="ag-done-icon" aria-hidden="true">
        ✓
      </div>
      <h2>{t('agent.kaihu.done')}</h2>
      <p className="muted">{t('agent.kaihu.doneText', { username: account.username, id: account.id })}</p>
      <div className="ag-done-actions">
        <Link className="btn btn-ghost" to={pathTo('dlDailiDetails', { id: account.id })}>
          {t('agent.kaihu.openDetails')}
        </Link>
        <button type="button" className="btn btn-gold" onClick={onAgain} data-testid="kaihu-again">
          {t('agent.kaihu.again')}
        </button>
      </div>
    </section>
  );
}
