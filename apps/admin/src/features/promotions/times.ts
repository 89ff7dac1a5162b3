import { dateTime } from '../../lib/time';

/** ISO time → local 'YYYY-MM-DD HH:mm': the lists' times, to the minute. */
export const toMinute = (iso: string): string => dateTime(iso).slice(0, 16);
