import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const addAccount = (body: RequestOf<typeof withdrawals.addAccount>) => call(withdrawals.addAccount, body);
export function useAddAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addAccount,
    onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.accounts() }),
  });
}
