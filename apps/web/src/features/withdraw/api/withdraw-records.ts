import { withdrawals, type RequestOf } from '@breakshot/contracts';
import { call } from '../../../lib/http';

export type WithdrawRecordsFilter = Omit<RequestOf<typeof withdrawals.withdrawRecords>, 'page' | 'pageSize'>;

/** One page of withdrawals, newest first; `from`/`to` are dates in the site's zone. */
export const fetchWithdrawRecords = (page: number, pageSize: number, filter: WithdrawRecordsFilter) =>
  call(withdrawals.withdrawRecords, { page, pageSize, ...filter });
