import { useCallback } from 'react';
import { DEFAULT_TIME_ZONE, formatInZone, zoneOffset } from '@breakshot/contracts/time';
import { useSysConfig } from './sys-config';

/*
 * Every time the player app shows is the site's wall clock (sys config `timeZone`), never the
 * phone's: a deposit's times read the same as the customer service's and the operator's. Times are
 * formatted here only (eslint.config.js forbids the phone-zone Date methods elsewhere).
 */

/** The site's time zone; the seed's until the config is known. */
export const useSiteZone = (): string => useSysConfig().data?.timeZone ?? DEFAULT_TIME_ZONE;

/** An instant on the site's clock with seconds: '2026-11-28 18:00:05' ('' for no time). */
export const formatSiteTime = (iso: string, timeZone: string): string => formatInZone(iso, timeZone, { seconds: true });

/** formatSiteTime in the site's zone: `const time = useSiteTime(); time(order.createdAt)`. */
export function useSiteTime(): (iso: string) => string {
  const zone = useSiteZone();
  return useCallback((iso: string) => formatSiteTime(iso, zone), [zone]);
}

/** The zone this phone's clock is in. */
const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The site's offset ('UTC+8') when the phone's clock is in another one at `at`, so that a page
 * can say once which clock its times are on; null when both clocks read the same.
 */
export function siteOffsetIfDifferent(timeZone: string, at: Date | string): string | null {
  const site = zoneOffset(at, timeZone);
  return site === zoneOffset(at, deviceZone()) ? null : site;
}
