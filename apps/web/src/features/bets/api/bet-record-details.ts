import type { bets } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref } from '../../../lib/http';
import { betKeys } from './bet-record-list';

export const betRecordDetailsRef = ref<typeof bets.betRecordDetails>('POST', '/user/betRecord/details');

export const betDetailsQuery = (betNo: string) =>
  queryOptions({ queryKey: betKeys.details(betNo), queryFn: () => call(betRecordDetailsRef, { betNo }) });
