import { payments } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const fetchRechargeDetails = (orderNo: string) => call(payments.details, { orderNo });

/** Polls every 3 s while the order waits for payment. */
export const rechargeDetailsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: walletKeys.deposit(orderNo),
    queryFn: () => fetchRechargeDetails(orderNo),
    enabled: !!orderNo,
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 3000 : false),
  });
export const useRechargeDetails = (orderNo: string) => useQuery(rechargeDetailsQuery(orderNo));
