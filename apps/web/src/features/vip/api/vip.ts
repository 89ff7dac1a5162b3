import type { vip } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref, type DataOf } from '../../../lib/http';

export const vipInfoRef = ref<typeof vip.vipInfo>('POST', '/user/vip/info');
export const vipLevelsRef = ref<typeof vip.vipLevels>('POST', '/user/vip/levels');

export type VipInfo = DataOf<typeof vip.vipInfo>;
export type VipLevel = vip.VipLevel;
export type GiftStatus = vip.GiftStatus;

/** Keys start with 'user': BALANCE_UPDATED (a deposit) and BET_SETTLED (progress) refresh them. */
export const vipKeys = {
  info: () => ['user', 'vip', 'info'] as const,
  levels: () => ['user', 'vip', 'levels'] as const,
};

export const vipInfoQuery = () => queryOptions({ queryKey: vipKeys.info(), queryFn: () => call(vipInfoRef, {}) });
export const vipLevelsQuery = () => queryOptions({ queryKey: vipKeys.levels(), queryFn: () => call(vipLevelsRef, {}) });
