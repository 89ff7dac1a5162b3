import { withdrawals } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const fetchWithdrawConfig = () => call(withdrawals.withdrawConfig, {});
export const withdrawConfigQuery = () =>
  queryOptions({ queryKey: walletKeys.withdrawConfig(), queryFn: fetchWithdrawConfig, staleTime: 0 });
export const useWithdrawConfig = () => useQuery(withdrawConfigQuery());
