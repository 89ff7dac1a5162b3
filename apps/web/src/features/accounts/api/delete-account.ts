import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const deleteAccount = (body: RequestOf<typeof withdrawals.deleteAccount>) =>
  call(withdrawals.deleteAccount, body);
export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.accounts() }),
  });
}
