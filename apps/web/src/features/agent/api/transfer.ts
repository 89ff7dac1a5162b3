import { agent, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { showNewBalance } from '../../../lib/balance';
import { call } from '../../../lib/http';

/** 代充 from my balance to a team member's: my balance shows the answer at once. */
export function useAgentTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof agent.agentTransfer>) => call(agent.agentTransfer, body),
    onSuccess: (res) => {
      showNewBalance(res.balance);
      void qc.invalidateQueries({ queryKey: agentKeys.member(res.memberId) });
    },
  });
}
