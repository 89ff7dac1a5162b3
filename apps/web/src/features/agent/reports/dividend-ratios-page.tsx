import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import { serverErrorText, validationText } from '@breakshot/contracts';
import { useState } from 'react';
import { FormError, SubmitButton, TextField } from '../../../components/ui/form-field';
import { FormSheet } from '../../../components/ui/form-sheet';
import { RecordList } from '../../../components/ui/record-list';
import { agentKeys } from '../../../lib/agent-keys';
import { cleanAmountTyping, parseAmountInput } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';
import { formatRateBp } from '../../../lib/rate';
import { errorText, showToast } from '../../../lib/toast';
import { KindChip } from '../shared/agent-ui';
import { useAgentHome } from '../api/home';
import { fetchDividendRatios, useSetDividendRatio } from '../api/reports';
import { SecurityPasswordField } from '../shared/security-password-field';
import { bpToText, serverFieldOf } from '../shared/rates';
import '../shared/report-i18n';
import '../shared/reports.css';

interface SubAgent {
  id: number;
  username: string;
  ratioBp: number;
  teamCount: number;
}

/**
 * /user/daili/fenhongbili: my dividend ratio and my direct sub-agents' ratios; each can be set up
 * to mine with my security password (the server's refusal is shown as it says).
 */
export default function DividendRatiosPage() {
  const { t } = useT();
  const [editing, setEditing] = useState<SubAgent | null>(null);
  return (
    <div className="page ag" data-testid="agent-fenhongbili">
      <RecordList
        queryKey={agentKeys.dividendRatios()}
        fetchPage={fetchDividendRatios}
        itemKey={(a) => a.id}
        testId="ratio-rows"
        empty={{ icon: <TeamOutline />, title: t('agent.ratio.emptyTitle'), text: t('agent.ratio.emptyText') }}
        top={(first) => (
          <>
            <section className="card ag-hero ag-ratio-mine">
              <span className="muted">{t('agent.ratio.mine')}</span>
              <strong className="ag-ratio-big" data-testid="my-ratio">
                {first ? formatRateBp(first.myRatioBp) : <span className="sk sk-line ag-cell-sk" />}
              </strong>
              <span className="muted small">{t('agent.ratio.rule')}</span>
            </section>
            <h2 className="section-title">{t('agent.ratio.subAgents')}</h2>
          </>
        )}
        renderItem={(a) => (
          <div className="card ag-row ag-ratio-row" data-testid={`ratio-row-${a.id}`}>
            <span className="ag-ratio-who">
              <strong className="ag-ellipsis">{a.username}</strong>
              <KindChip kind="agent" />
              <span className="muted small">{t('agent.members.teamSize', { n: a.teamCount })}</span>
            </span>
            <strong className="ag-ratio-value" data-testid={`ratio-${a.id}`}>
              {formatRateBp(a.ratioBp)}
            </strong>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setEditing(a)}
              data-testid={`ratio-set-${a.id}`}
            >
              {t('agent.ratio.set')}
            </button>
          </div>
        )}
      />
      {editing && <RatioSheet agent={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

type Field = 'ratioBp' | 'securityPassword';

/** Sets one sub-agent's ratio: a percentage ≤ mine, and my security password. */
function RatioSheet({ agent, onClose }: { agent: SubAgent; onClose: () => void }) {
  const { t, lang } = useT();
  const home = useAgentHome();
  const save = useSetDividendRatio();
  const [text, setText] = useState(bpToText(agent.ratioBp));
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ field?: Field; text: string } | null>(null);
  const own = home.data;
  const bp = parseAmountInput(text.trim());

  const errors: Partial<Record<Field, string>> = {};
  if (submitted) {
    if (!text.trim()) errors.ratioBp = validationText('required', lang);
    else if (bp === null) errors.ratioBp = t('agent.rate.format');
    else if (own && bp > own.dividendRatioBp)
      errors.ratioBp = serverErrorText('agentRatioAboveOwn', lang, { max: formatRateBp(own.dividendRatioBp) });
    if (!/^\d{6}$/.test(password)) errors.securityPassword = validationText('fundPassword.format', lang);
  }
  if (server?.field) errors[server.field] = server.text;

  const submit = async () => {
    setSubmitted(true);
    setServer(null);
    const valid = bp !== null && !!own && bp <= own.dividendRatioBp && /^\d{6}$/.test(password);
    if (!valid || save.isPending) return;
    try {
      await save.mutateAsync({ memberId: agent.id, ratioBp: bp, securityPassword: password });
      void showToast(t('agent.ratio.saved'), 'success');
      onClose();
    } catch (err) {
      setPassword('');
      // The password, or else any rate field the server names (ratioBp, dividendRatioBp): the ratio input.
      const named = serverFieldOf(err, ['securityPassword', 'ratioBp'] as const);
      const field: Field | undefined = named === 'securityPassword' ? named : named ? 'ratioBp' : undefined;
      setServer({ ...(field ? { field } : {}), text: errorText(err) });
    }
  };

  return (
    <FormSheet
      visible
      onClose={onClose}
      title={t('agent.ratio.sheetTitle', { username: agent.username })}
      onSubmit={submit}
      testId="ratio-sheet"
    >
      <TextField
        label={t('agent.ratio')}
        inputMode="decimal"
        placeholder="0"
        hint={own && <span className="ag-max">≤ {formatRateBp(own.dividendRatioBp)}</span>}
        suffix={<span className="ag-pct">%</span>}
        value={text}
        onValue={(v) => {
          setText(cleanAmountTyping(v));
          setServer(null);
        }}
        error={errors.ratioBp}
        testId="ratio-input"
      />
      <SecurityPasswordField
        has={!own || own.hasSecurityPassword}
        value={password}
        onValue={(v) => {
          setPassword(v);
          setServer(null);
        }}
        error={errors.securityPassword}
      />
      <FormError text={server && !server.field ? server.text : null} />
      <SubmitButton
        busy={save.isPending}
        label={t('agent.details.save')}
        busyLabel={t('ui.submitting')}
        disabled={!own?.hasSecurityPassword}
        testId="ratio-submit"
      />
    </FormSheet>
  );
}
