import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const changeUsdt = (body: RequestOf<typeof withdrawals.changeUsdt>) => call(withdrawals.changeUsdt, body);
export function useChangeUsdt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeUsdt,
    onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.accounts() }),
  });
}
