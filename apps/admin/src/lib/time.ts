import dayjs, { type Dayjs } from 'dayjs';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatInZone,
  instantInZone,
  zoneOffset,
  type TimeFormat,
} from '@breakshot/contracts/time';
import { getSession } from './session';

/*
 * Every time in the console is the site's wall clock (sys config `timeZone`, in the operator's
 * session), whatever the zone of the operator's computer: a deposit reads the same here, in the
 * player app and in the CLI. Times are formatted and picked only through here (eslint.config.js
 * forbids the computer-zone Date methods elsewhere). antd's pickers work on the computer's clock,
 * so their values hold the site's wall clock and turn into instants here.
 */

export { addDays };

/** The site's time zone; the seed's before a login tells it. */
export const siteZone = (): string => getSession()?.timeZone || DEFAULT_TIME_ZONE;

/** An instant on the site's clock, to the minute unless told: '2026-11-28 18:00'. */
export const siteTime = (iso: string, format?: TimeFormat): string => formatInZone(iso, siteZone(), format);

/** ISO time → the site's 'YYYY-MM-DD HH:mm:ss'; '-' for none. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  return siteTime(iso, { seconds: true }) || iso;
}

/** The site's offset now, for the console to say once which clock its times are on: 'UTC+8'. */
export const siteOffset = (): string => zoneOffset(new Date(), siteZone());

/** An instant as a picker value showing the site's wall clock. */
export const toPickerValue = (iso: string): Dayjs => dayjs(siteTime(iso, { seconds: true }));

/** The site's wall clock now, as a picker value. */
export const sitePickerNow = (): Dayjs => toPickerValue(new Date().toISOString());

/** A picker value (the site's wall clock) → its instant, ISO. */
export function fromPickerValue(value: Dayjs): string {
  const at = instantInZone(value.format('YYYY-MM-DD HH:mm:ss'), siteZone());
  if (!at) throw new Error(`not a time: ${value.format()}`);
  return at.toISOString();
}

/** A range of the site's days (picker values) as instants: the first day's start, the start of the day after the last. */
export const siteDaysRange = (days: [Dayjs, Dayjs]): { from: string; to: string } => ({
  from: fromPickerValue(days[0].startOf('day')),
  to: fromPickerValue(days[1].add(1, 'day').startOf('day')),
});
