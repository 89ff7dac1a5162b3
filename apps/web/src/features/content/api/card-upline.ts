import { agent } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

/** My direct upline's business card, or null (no upline, or it saved none). */
export const uplineCardQuery = () =>
  queryOptions({ queryKey: agentKeys.uplineCard(), queryFn: () => call(agent.agentCardUpline, {}) });
