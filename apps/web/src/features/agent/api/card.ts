import { agent } from '@breakshot/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

/** My business card (null until I save one). */
export const useMyCard = () =>
  useQuery(queryOptions({ queryKey: agentKeys.card(), queryFn: () => call(agent.agentCardGet, {}) }));

export function useSaveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: agent.BusinessCard) => call(agent.agentCardSave, card),
    onSuccess: (card) => qc.setQueryData(agentKeys.card(), card),
  });
}
