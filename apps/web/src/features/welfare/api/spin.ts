import * as routes from '@breakshot/client/routes';
import type { rewards } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, type DataOf } from '../../../lib/http';
import { welfareKeys } from './rewards';

export type SpinInfo = DataOf<typeof rewards.spinInfo>;
export type SpinResult = DataOf<typeof rewards.spinDrawCall>;
export type SpinDraw = rewards.SpinDraw;
export type SpinRecordsPage = DataOf<typeof rewards.spinRecords>;

export const spinInfoQuery = () =>
  queryOptions({ queryKey: welfareKeys.spin(), queryFn: () => call(routes.rewards.spinInfo, {}) });

export const drawSpin = (clientSeed: string) => call(routes.rewards.spinDrawCall, { clientSeed });

export const fetchSpinRecords = (page: number, pageSize: number) =>
  call(routes.rewards.spinRecords, { page, pageSize });
