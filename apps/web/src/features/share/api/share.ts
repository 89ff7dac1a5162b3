import { agent } from '@breakshot/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';
import type { InviteLinks } from '../../../lib/invite-links';

/** This month among my direct members: invited, first deposits, their valid bet, my commission. */
export const useThisMonth = () =>
  useQuery(
    queryOptions({ queryKey: agentKeys.thisMonth(), queryFn: () => call(agent.inviteThisMonth, {}), staleTime: 0 }),
  );

/** Chooses the link /user/share shows (null: my default code); the links list shows the choice at once. */
export function useSetShareLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number | null) => call(agent.agentShareLinkSet, { linkId }),
    onSuccess: ({ shareLinkId }) =>
      qc.setQueryData<InviteLinks>(agentKeys.links(), (old) => (old ? { ...old, shareLinkId } : old)),
  });
}
