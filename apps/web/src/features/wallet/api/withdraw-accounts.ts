import { withdrawals } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from './keys';

export const fetchWithdrawAccounts = () => call(withdrawals.accounts, {});
export const withdrawAccountsQuery = () =>
  queryOptions({ queryKey: walletKeys.accounts(), queryFn: fetchWithdrawAccounts, staleTime: 0 });
export const useWithdrawAccounts = () => useQuery(withdrawAccountsQuery());
