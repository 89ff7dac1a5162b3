import { agent, security, type RequestOf } from '@breakshot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

type SetBody = RequestOf<typeof agent.agentSecurityPasswordSet>;

const SET_CALL = { security: agent.agentSecurityPasswordSet, recharge: agent.agentRechargePasswordSet } as const;

/** Sets or changes the security or recharge password, then reloads which are set. */
export function useSetAgentPassword(kind: agent.AgentPasswordKind) {
  const qc = useQueryClient();
  return async (body: SetBody) => {
    await call(SET_CALL[kind], body);
    await qc.invalidateQueries({ queryKey: agentKeys.home() });
  };
}

/** The SMS code to the bound mobile that resets either password. */
export const sendAgentResetCode = () => call(security.sendSmsCode, { purpose: 'agent' });

/** Resets one of the two with that code (it also lifts that kind's lock). */
export function useResetAgentPassword() {
  const qc = useQueryClient();
  return async (body: RequestOf<typeof agent.agentPasswordReset>) => {
    await call(agent.agentPasswordReset, body);
    await qc.invalidateQueries({ queryKey: agentKeys.home() });
  };
}
