import { wallet } from '@breakshot/contracts';
import type { LedgerFilter } from '../../../components/wallet/ledger-list';
import { call } from '../../../lib/http';

/** One page of ledger entries of the player's cash account, newest first (`from`/`to` ISO instants). */
export const fetchBalanceDetails = (page: number, pageSize: number, filter: LedgerFilter) =>
  call(wallet.balanceDetails, { page, pageSize, ...filter });
