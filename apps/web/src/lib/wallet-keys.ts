/**
 * Query keys of the money features (deposit, withdraw, accounts, fund details), shared because
 * their calls refresh each other's data: all start with 'user' so BALANCE_UPDATED refreshes them.
 */
export const walletKeys = {
  all: ['user', 'wallet'] as const,
  payConfig: () => ['user', 'wallet', 'payConfig'] as const,
  depositRecords: (filter: object) => ['user', 'wallet', 'deposits', filter] as const,
  deposit: (orderNo: string) => ['user', 'wallet', 'deposit', orderNo] as const,
  withdrawConfig: () => ['user', 'wallet', 'withdrawConfig'] as const,
  accounts: () => ['user', 'wallet', 'accounts'] as const,
  withdrawRecords: (filter: object) => ['user', 'wallet', 'withdrawals', filter] as const,
  withdrawal: (orderNo: string) => ['user', 'wallet', 'withdrawal', orderNo] as const,
  ledger: (filter: object) => ['user', 'wallet', 'ledger', filter] as const,
  entry: (id: number) => ['user', 'wallet', 'entry', id] as const,
  debt: () => ['user', 'wallet', 'debt'] as const,
};
