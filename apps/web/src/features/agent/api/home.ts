import { agent } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

export type AgentProfile = agent.AgentProfile;

/** My kind, invite code, rates and ratio, team counts and which passwords are set (agent/home). */
export const agentHomeQuery = () =>
  queryOptions({ queryKey: agentKeys.home(), queryFn: () => call(agent.agentHome, {}), staleTime: 0 });
export const useAgentHome = () => useQuery(agentHomeQuery());
