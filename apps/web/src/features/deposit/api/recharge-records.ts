import { payments, type DepositStatus } from '@breakshot/contracts';
import { call } from '../../../lib/http';

export interface DepositFilter {
  status?: DepositStatus;
  from?: string;
  to?: string;
}

/** One page of deposit orders for the filter, newest first. */
export const fetchRechargeRecords = (page: number, pageSize: number, filter: DepositFilter) =>
  call(payments.records, { page, pageSize, ...filter });
