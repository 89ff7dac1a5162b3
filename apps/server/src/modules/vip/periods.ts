import { addDays, firstOfNextMonth, localDate, localDayStart, mondayOf } from '../../platform/time-range.js';

/*
 * The gift periods in the site's time zone: weeks (ISO, from Monday; key yyyy-Www) and months
 * (key yyyy-mm). The weekly gift is granted on Mondays, the monthly one on the 1st.
 */

export type GiftPeriodKind = 'weekly' | 'monthly';

export interface GiftPeriod {
  key: string;
  /** Whether `now` is on the period's grant day (its first day). */
  grantDay: boolean;
  /** When the next period begins (this period's gift expires then). */
  endsAt: Date;
}

export function giftPeriod(kind: GiftPeriodKind, now: Date, timeZone: string): GiftPeriod {
  const today = localDate(now, timeZone);
  if (kind === 'monthly') {
    return {
      key: today.slice(0, 7),
      grantDay: today.endsWith('-01'),
      endsAt: localDayStart(firstOfNextMonth(today), timeZone),
    };
  }
  const monday = mondayOf(today);
  // The ISO week belongs to the year of its Thursday.
  const thursday = addDays(monday, 3);
  const week = Math.floor((dayOfYear(thursday) - 1) / 7) + 1;
  return {
    key: `${thursday.slice(0, 4)}-W${String(week).padStart(2, '0')}`,
    grantDay: monday === today,
    endsAt: localDayStart(addDays(monday, 7), timeZone),
  };
}

function dayOfYear(date: string): number {
  return (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${date.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000 + 1;
}
