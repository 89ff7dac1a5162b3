import type { rewards } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref, type DataOf } from '../../../lib/http';
import { welfareKeys } from './rewards';

export const spinInfoRef = ref<typeof rewards.spinInfo>('POST', '/user/spin/info');
export const spinDrawRef = ref<typeof rewards.spinDrawCall>('POST', '/user/spin/draw');
export const spinRecordsRef = ref<typeof rewards.spinRecords>('POST', '/user/spin/records');

export type SpinInfo = DataOf<typeof rewards.spinInfo>;
export type SpinResult = DataOf<typeof rewards.spinDrawCall>;
export type SpinDraw = rewards.SpinDraw;
export type SpinRecordsPage = DataOf<typeof rewards.spinRecords>;

export const spinInfoQuery = () => queryOptions({ queryKey: welfareKeys.spin(), queryFn: () => call(spinInfoRef, {}) });

export const drawSpin = (clientSeed: string) => call(spinDrawRef, { clientSeed });

export const fetchSpinRecords = (page: number, pageSize: number) => call(spinRecordsRef, { page, pageSize });
