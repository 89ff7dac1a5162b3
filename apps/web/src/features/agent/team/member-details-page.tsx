import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailRows } from '../../../components/ui/detail-rows';
import { MoneyText } from '../../../components/ui/money-text';
import { ErrorState, InfoState, PageSkeleton } from '../../../components/ui/page-state';
import { SignedMoney } from '../../../components/ui/signed-money';
import { useSiteTime } from '../../../lib/time';
import { Avatar } from '../../../components/ui/avatar';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { errorText } from '../../../lib/toast';
import { KindChip, NoMember, RatesLine } from '../shared/agent-ui';
import { useMemberDetails, type MemberDetails } from '../api/members';
import { RatesSheet } from './rates-sheet';

/**
 * /user/daili/dailiDetails/{id}: a team member — profile (masked), upline, team, this month's
 * figures, rates and ratio (editable for a direct member); transfer, bets and fund details.
 */
export default function MemberDetailsPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const q = useMemberDetails(valid ? id : 0);
  const [editing, setEditing] = useState(false);
  if (!valid) return <NoMember />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) {
    return (q.error as { code?: number }).code === 404 ? (
      <InfoState icon="?" title={errorText(q.error)} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
    );
  }
  const m = q.data;
  const withRatio = m.kind === 'agent';

  return (
    <div className="page ag" data-testid="member-details" data-member-id={m.id}>
      <section className="card ag-member-head">
        <Avatar className="ag-member-avatar" src="" name={m.username} />
        <div className="ag-member-id">
          <div className="ag-member-title">
            <strong className="ag-member-name" data-testid="member-name">
              {m.username}
            </strong>
            <KindChip kind={m.kind} />
            <span className="ag-vip">VIP{m.vipLevel}</span>
          </div>
          <div className="muted small">
            <span className={`ag-dot${m.online ? ' ag-dot-on' : ''}`} aria-hidden="true" />{' '}
            {m.online
              ? t('agent.online')
              : t('agent.details.lastLogin', {
                  at: m.lastLoginAt ? formatDateTime(m.lastLoginAt).slice(0, 16) : '—',
                })}
          </div>
        </div>
        <div className="ag-member-bal">
          <span className="muted small">{t('agent.details.balance')}</span>
          <MoneyText value={m.balance} />
        </div>
      </section>

      <MonthTiles month={m.month} />

      <section className="card">
        <DetailRows
          rows={[
            { label: t('agent.details.id'), value: <span className="mono">{m.id}</span> },
            { label: t('agent.details.nickname'), value: m.nickname || '—' },
            {
              label: t('agent.details.mobile'),
              value: m.mobile ?? t('agent.details.noMobile'),
              testId: 'member-mobile',
            },
            {
              label: t('agent.details.upline'),
              value:
                m.depth > 1
                  ? `${m.upline.username} · ${t('agent.members.depth', { depth: m.depth })}`
                  : t('agent.details.me'),
            },
            { label: t('agent.details.registered'), value: formatDateTime(m.createdAt) },
            {
              label: t('agent.details.team'),
              value: t('agent.details.teamValue', { direct: m.directCount, team: m.teamSize }),
            },
            { label: t('agent.members.deposits'), value: <MoneyText value={m.deposits} /> },
            { label: t('agent.members.validBet'), value: <MoneyText value={m.validBet} /> },
          ]}
        />
      </section>

      <section className="card ag-member-rates">
        <div className="ag-my-rates-head">
          <span>{t(withRatio ? 'agent.details.ratesAndRatio' : 'agent.details.rates')}</span>
          {m.editable ? (
            <button type="button" className="link-btn" onClick={() => setEditing(true)} data-testid="edit-rates">
              {t('agent.details.edit')}
            </button>
          ) : (
            <span className="muted small">{t('agent.details.notDirect')}</span>
          )}
        </div>
        <span data-testid="member-rates">
          <RatesLine rates={m.rates} dividendRatioBp={m.dividendRatioBp} withRatio={withRatio} />
        </span>
      </section>

      <nav className="ag-actions" data-testid="member-actions">
        <Link className="btn btn-gold" to={pathTo('dlChongzhi', {}, { id: m.id })} data-testid="action-transfer">
          {t('agent.details.transfer')}
        </Link>
        <Link className="btn btn-ghost" to={pathTo('dlZhudanDetails', {}, { id: m.id })} data-testid="action-bets">
          {t('agent.details.bets')}
        </Link>
        <Link className="btn btn-ghost" to={pathTo('dlZijinmingxi', {}, { id: m.id })} data-testid="action-funds">
          {t('agent.details.funds')}
        </Link>
      </nav>

      {m.editable && <RatesSheet member={m} visible={editing} onClose={() => setEditing(false)} />}
    </div>
  );
}

/** This month's deposits, withdrawals, valid bet and win/loss. */
function MonthTiles({ month }: { month: MemberDetails['month'] }) {
  const { t } = useT();
  return (
    <section className="card ag-month">
      <div className="ag-month-head">{t('agent.details.month')}</div>
      <div className="ag-month-grid">
        {(['deposits', 'withdrawals', 'validBet'] as const).map((k) => (
          <div key={k}>
            <span className="muted small">{t(`agent.details.month.${k}`)}</span>
            <MoneyText value={month[k]} />
          </div>
        ))}
        <div>
          <span className="muted small">{t('agent.details.month.winLoss')}</span>
          <SignedMoney value={month.winLoss} />
        </div>
      </div>
    </section>
  );
}
