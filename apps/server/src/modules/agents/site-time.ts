import type { Conn } from '../../platform/db.js';
import { localDate, localDayStart } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';

/** When today and this month began in the site's time zone (new members today, this month's figures). */
export async function siteTimes(db: Conn, now: Date): Promise<{ timeZone: string; dayStart: Date; monthStart: Date }> {
  const { timeZone } = await getSysConfig(db);
  const today = localDate(now, timeZone);
  return {
    timeZone,
    dayStart: localDayStart(today, timeZone),
    monthStart: localDayStart(`${today.slice(0, 8)}01`, timeZone),
  };
}
