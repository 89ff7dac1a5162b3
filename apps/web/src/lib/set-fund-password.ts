import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from './http';
import { useSession } from './session';
import { walletKeys } from './wallet-keys';

/** Sets the fund password (the withdraw form and the account pages offer it through FundPasswordNotice). */
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
