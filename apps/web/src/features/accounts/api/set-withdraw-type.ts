import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const setWithdrawType = (body: RequestOf<typeof withdrawals.setWithdrawType>) =>
  call(withdrawals.setWithdrawType, body);
export function useSetWithdrawType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setWithdrawType,
    onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.accounts() }),
  });
}
