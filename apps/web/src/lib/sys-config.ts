import * as routes from '@breakshot/client/routes';
import type { SysConfig } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './http';

/** GET config → data.sys (site name, currency sign, time zone, register switches). */
export const fetchSysConfig = (): Promise<SysConfig> => call(routes.system.getConfig, {}).then((d) => d.sys);

export const sysConfigQuery = () =>
  queryOptions({ queryKey: ['config'], queryFn: fetchSysConfig, staleTime: 5 * 60_000 });

export const useSysConfig = () => useQuery(sysConfigQuery());

/** Currency sign of the site config, '¥' until it is known. */
export function useCurrencySymbol(): string {
  return useSysConfig().data?.currencySymbol ?? '¥';
}
