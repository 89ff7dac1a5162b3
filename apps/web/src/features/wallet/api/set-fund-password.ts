import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { walletKeys } from './keys';

export const setFundPassword = (body: RequestOf<typeof withdrawals.setFundPassword>) =>
  call(withdrawals.setFundPassword, body);

/** Submit handler for FundPasswordSheet: sets it, then refreshes user info and the withdraw config. */
export function useSetFundPassword() {
  const qc = useQueryClient();
  return async (body: RequestOf<typeof withdrawals.setFundPassword>) => {
    await setFundPassword(body);
    await Promise.all([
      useSession.getState().loadUserInfo(),
      qc.invalidateQueries({ queryKey: walletKeys.withdrawConfig() }),
    ]);
  };
}
