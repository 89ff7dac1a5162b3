import { payments } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet-keys';

export const fetchPayConfig = () => call(payments.payConfig, {});

export const payConfigQuery = () => queryOptions({ queryKey: walletKeys.payConfig(), queryFn: fetchPayConfig });
export const usePayConfig = () => useQuery(payConfigQuery());
