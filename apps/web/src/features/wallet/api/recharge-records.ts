import { payments, type DepositStatus } from '@breakshot/contracts';
import { call } from '../../../lib/http';

/** One page of deposit orders, newest first. */
export const fetchRechargeRecords = (page: number, pageSize: number, status?: DepositStatus) =>
  call(payments.records, { page, pageSize, ...(status ? { status } : {}) });
