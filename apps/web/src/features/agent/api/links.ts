import { agent, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';
import type { InviteLinks } from '../../../lib/invite-links';

/** Makes an invite link; the links list follows. */
export function useAddLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof agent.agentLinkAdd>) => call(agent.agentLinkAdd, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.links() }),
  });
}

/** Disables or enables a link; the list shows the answer at once. */
export function useSetLinkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof agent.agentLinkSetStatus>) => call(agent.agentLinkSetStatus, body),
    onSuccess: (link) =>
      qc.setQueryData<InviteLinks>(agentKeys.links(), (old) =>
        old ? { ...old, list: old.list.map((l) => (l.id === link.id ? link : l)) } : old,
      ),
  });
}
