import * as routes from '@breakshot/client/routes';
import type { vip } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, type DataOf } from '../../../lib/http';

export type VipInfo = DataOf<typeof vip.vipInfo>;
export type VipLevel = vip.VipLevel;
export type GiftStatus = vip.GiftStatus;

/** Keys start with 'user': BALANCE_UPDATED (a deposit) and BET_SETTLED (progress) refresh them. */
export const vipKeys = {
  info: () => ['user', 'vip', 'info'] as const,
  levels: () => ['user', 'vip', 'levels'] as const,
};

export const vipInfoQuery = () =>
  queryOptions({ queryKey: vipKeys.info(), queryFn: () => call(routes.vip.vipInfo, {}) });
export const vipLevelsQuery = () =>
  queryOptions({ queryKey: vipKeys.levels(), queryFn: () => call(routes.vip.vipLevels, {}) });
