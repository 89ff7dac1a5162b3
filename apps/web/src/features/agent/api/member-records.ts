import { agent } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { BetFilter } from '../../../components/bets/bet-list';
import type { LedgerFilter } from '../../../components/wallet/ledger-list';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

/** One page of a team member's bets with the summary of the filter. */
export const fetchMemberBets = (id: number) => (page: number, pageSize: number, filter: BetFilter) =>
  call(agent.agentMemberBets, { id, page, pageSize, ...filter });

/** One of a team member's bets. */
export const memberBetQuery = (id: number, betNo: string) =>
  queryOptions({
    queryKey: agentKeys.memberBet(id, betNo),
    queryFn: () => call(agent.agentMemberBetDetails, { id, betNo }),
    enabled: id > 0 && !!betNo,
  });

/** One page of a team member's ledger entries. */
export const fetchMemberFunds = (id: number) => (page: number, pageSize: number, filter: LedgerFilter) =>
  call(agent.agentMemberBalanceDetails, { id, page, pageSize, ...filter });
