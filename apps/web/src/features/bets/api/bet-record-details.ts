import type { bets } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref, type DataOf } from '../../../lib/http';
import { betKeys } from './bet-record-list';

export const betRecordDetailsRef = ref<typeof bets.betRecordDetails>('POST', '/user/betRecord/details');

export type BetRecordDetails = DataOf<typeof bets.betRecordDetails>;

export const betDetailsQuery = (betNo: string) =>
  queryOptions({ queryKey: betKeys.details(betNo), queryFn: () => call(betRecordDetailsRef, { betNo }) });
