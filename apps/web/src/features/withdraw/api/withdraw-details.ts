import { withdrawals } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const fetchWithdrawDetails = (orderNo: string) => call(withdrawals.withdrawDetails, { orderNo });
export const withdrawDetailsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: walletKeys.withdrawal(orderNo),
    queryFn: () => fetchWithdrawDetails(orderNo),
    enabled: !!orderNo,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && ['reviewing', 'approved'].includes(q.state.data.status) ? 15_000 : false),
  });
export const useWithdrawDetails = (orderNo: string) => useQuery(withdrawDetailsQuery(orderNo));
