import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { walletKeys } from '../../../lib/wallet-keys';

export const addWithdraw = (body: RequestOf<typeof withdrawals.addWithdraw>) => call(withdrawals.addWithdraw, body);
export function useAddWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addWithdraw,
    onSettled: () => {
      void useSession.getState().loadUserInfo();
      return qc.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
