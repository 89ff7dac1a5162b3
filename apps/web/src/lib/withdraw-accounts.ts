import { withdrawals } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './http';
import { walletKeys } from './wallet-keys';

export const fetchWithdrawAccounts = () => call(withdrawals.accounts, {});
export const withdrawAccountsQuery = () =>
  queryOptions({ queryKey: walletKeys.accounts(), queryFn: fetchWithdrawAccounts, staleTime: 0 });
export const useWithdrawAccounts = () => useQuery(withdrawAccountsQuery());
