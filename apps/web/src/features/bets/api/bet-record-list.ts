import * as routes from '@breakshot/client/routes';
import type { bets, RequestOf } from '@breakshot/contracts';
import { call, type DataOf } from '../../../lib/http';

export type BetRecordFilter = Omit<RequestOf<typeof bets.betRecordList>, 'page' | 'pageSize'>;
export type BetRecord = DataOf<typeof bets.betRecordList>['list'][number];

/** One page of the player's bets with the summary of the whole filter; from/to are ISO instants. */
export const fetchBetRecords = (page: number, pageSize: number, filter: BetRecordFilter) =>
  call(routes.bets.betRecordList, { page, pageSize, ...filter });

/** Keys start with 'user': BALANCE_UPDATED (bet placed) and BET_SETTLED (won or lost) refresh them. */
export const betKeys = {
  all: ['user', 'bets'] as const,
  list: (filter: object) => ['user', 'bets', 'list', filter] as const,
  details: (betNo: string) => ['user', 'bets', 'details', betNo] as const,
};
