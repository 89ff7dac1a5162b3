import { agent, type RequestOf } from '@breakshot/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

export type MembersFilter = Omit<RequestOf<typeof agent.agentMembers>, 'page' | 'pageSize'>;
export type TeamMember = agent.TeamMember;
export type MemberDetails = agent.MemberDetails;

/** One page of my direct members or my whole team, filtered, searched and sorted. */
export const fetchMembers = (page: number, pageSize: number, filter: MembersFilter) =>
  call(agent.agentMembers, { page, pageSize, ...filter });

export const memberDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: agentKeys.member(id),
    queryFn: () => call(agent.agentMemberDetails, { id }),
    enabled: id > 0,
    staleTime: 0,
  });
export const useMemberDetails = (id: number) => useQuery(memberDetailsQuery(id));

/** Sets a direct member's rates and ratio (security password); the details show the answer. */
export function useSetMemberRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof agent.agentMemberSetRates>) => call(agent.agentMemberSetRates, body),
    onSuccess: (details) => qc.setQueryData(agentKeys.member(details.id), details),
  });
}
