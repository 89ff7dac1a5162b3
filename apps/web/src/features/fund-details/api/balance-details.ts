import { wallet, type RequestOf } from '@breakshot/contracts';
import { call } from '../../../lib/http';

export type LedgerFilter = Omit<RequestOf<typeof wallet.balanceDetails>, 'page' | 'pageSize'>;

/** One page of ledger entries of the player's cash account, newest first (`from`/`to` ISO instants). */
export const fetchBalanceDetails = (page: number, pageSize: number, filter: LedgerFilter) =>
  call(wallet.balanceDetails, { page, pageSize, ...filter });
