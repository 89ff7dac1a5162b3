import { operatorCalls } from '@breakshot/contracts';
import { useSession } from './session';

/** Whether the logged-in operator's role may make a call (buttons of calls it may not are hidden). */
export function useMay(): (call: Pick<operatorCalls.AdminCall, 'roles'>) => boolean {
  const session = useSession();
  return (call) => session !== null && operatorCalls.mayCall(session.operator.role, call);
}
