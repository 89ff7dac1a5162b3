import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import { Link } from 'react-router';
import { MoneyText } from '../../../components/ui/money-text';
import { RecordList } from '../../../components/ui/record-list';
import { useSiteTime } from '../../../lib/time';
import { agentKeys } from '../../../lib/agent-keys';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { KindChip } from '../shared/agent-ui';
import { fetchMembers, type MembersFilter, type TeamMember } from '../api/members';

/** Members of the filter (direct or the whole team), each opening its details. */
export function MemberList({ filter, empty }: { filter: MembersFilter; empty: { title: string; text?: string } }) {
  const { t } = useT();
  return (
    <RecordList
      queryKey={agentKeys.members(filter)}
      fetchPage={(page, pageSize) => fetchMembers(page, pageSize, filter)}
      itemKey={(m) => m.id}
      testId="member-rows"
      empty={{ icon: <TeamOutline />, ...empty }}
      header={(total) => <div className="ag-total muted small">{t('agent.members.total', { total })}</div>}
      renderItem={(m) => <MemberRow member={m} />}
    />
  );
}

function MemberRow({ member: m }: { member: TeamMember }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <Link className="rec ag-member" to={pathTo('dlDailiDetails', { id: m.id })} data-member-id={m.id}>
      <div className="rec-top">
        <span className="rec-title ag-member-name">
          <span
            className={`ag-dot${m.online ? ' ag-dot-on' : ''}`}
            aria-label={t(m.online ? 'agent.online' : 'agent.offline')}
          />
          <span className="ag-ellipsis">{m.username}</span>
          <KindChip kind={m.kind} />
          <span className="ag-vip">VIP{m.vipLevel}</span>
        </span>
        <MoneyText value={m.balance} className="ag-member-balance" />
      </div>
      <div className="rec-bottom">
        <span>
          ID {m.id}
          {m.depth > 1 ? ` · ${t('agent.members.depth', { depth: m.depth })}` : ` · ${t('agent.members.direct')}`}
        </span>
        <span>{t('agent.members.teamSize', { n: m.teamSize })}</span>
      </div>
      <div className="ag-member-grid">
        <span>
          <em>{t('agent.members.deposits')}</em>
          <MoneyText value={m.deposits} />
        </span>
        <span>
          <em>{t('agent.members.validBet')}</em>
          <MoneyText value={m.validBet} />
        </span>
        <span>
          <em>{t('agent.members.registered')}</em>
          {formatDateTime(m.createdAt).slice(0, 10)}
        </span>
        <span>
          <em>{t('agent.members.lastLogin')}</em>
          {m.online ? t('agent.online') : m.lastLoginAt ? formatDateTime(m.lastLoginAt).slice(5, 16) : '—'}
        </span>
      </div>
    </Link>
  );
}
