import type { GameType } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BetDetails } from '../../../components/bets/bet-details';
import { BetList, GameTypeTabs } from '../../../components/bets/bet-list';
import { BetRow } from '../../../components/bets/bet-row';
import { LedgerList } from '../../../components/wallet/ledger-list';
import { agentKeys } from '../../../lib/agent-keys';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { NoMember, useMemberIdParam } from '../shared/agent-ui';
import { fetchMemberBets, fetchMemberFunds, memberBetQuery } from '../api/member-records';
import { useMemberDetails } from '../api/members';

/** Whose records these are: the member's name, opening its details. */
function MemberBar({ id }: { id: number }) {
  const { t } = useT();
  const q = useMemberDetails(id);
  return (
    <Link className="card ag-member-bar" to={pathTo('dlDailiDetails', { id })} data-testid="member-bar">
      <span className="muted small">{t('agent.records.member')}</span>
      <strong className="ag-member-name">{q.data?.username ?? `ID ${id}`}</strong>
      <span className="muted small">ID {id} ›</span>
    </Link>
  );
}

/** /user/daili/zijinmingxi?id=: a team member's fund details, by entry type and date. */
export function MemberFundsPage() {
  const id = useMemberIdParam();
  if (!id) return <NoMember />;
  return (
    <div className="page wallet ag-records">
      <MemberBar id={id} />
      <LedgerList queryKey={(f) => agentKeys.memberFunds(id, f)} fetchPage={fetchMemberFunds(id)} />
    </div>
  );
}

/** /user/daili/zhudanDetails?id=: a team member's bets by game type, date and status, with the summary. */
export function MemberBetsPage() {
  const id = useMemberIdParam();
  const [tab, setTab] = useState<GameType | undefined>(undefined);
  if (!id) return <NoMember />;
  return (
    <div className="page bets ag-records">
      <MemberBar id={id} />
      <GameTypeTabs value={tab} onChange={setTab} />
      <BetList
        gameType={tab}
        queryKey={(f) => agentKeys.memberBets(id, f)}
        fetchPage={fetchMemberBets(id)}
        testId="member-bets"
        renderItem={(b) => <BetRow bet={b} to={pathTo('dlYouxizdxq', {}, { id, betNo: b.betNo })} />}
      />
    </div>
  );
}

/** /user/daili/youxizdxq?id=&betNo=: one bet of a team member. */
export function MemberBetPage() {
  const id = useMemberIdParam();
  const [params] = useSearchParams();
  const betNo = params.get('betNo') ?? '';
  const q = useQuery(memberBetQuery(id, betNo));
  if (!id || !betNo) return <NoMember />;
  return (
    <div className="page bets ag-records">
      <MemberBar id={id} />
      <BetDetails query={q} />
    </div>
  );
}
