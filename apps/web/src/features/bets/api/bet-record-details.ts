import * as routes from '@breakshot/client/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { betKeys } from './bet-record-list';

export const betDetailsQuery = (betNo: string) =>
  queryOptions({ queryKey: betKeys.details(betNo), queryFn: () => call(routes.bets.betRecordDetails, { betNo }) });
