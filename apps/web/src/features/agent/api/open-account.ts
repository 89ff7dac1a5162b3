import { agent, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

/** Opens an account under me; the team counts and lists follow. */
export function useOpenAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof agent.agentOpenAccount>) => call(agent.agentOpenAccount, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
