import { wallet } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const fetchBalanceDetailItem = (id: number) => call(wallet.balanceDetailsItem, { id });
export const balanceDetailItemQuery = (id: number) =>
  queryOptions({ queryKey: walletKeys.entry(id), queryFn: () => fetchBalanceDetailItem(id), enabled: id > 0 });
export const useBalanceDetailItem = (id: number) => useQuery(balanceDetailItemQuery(id));
