import { promotions as contract } from '@breakshot/contracts';
import { addDays, firstOfNextMonth, localDate, localDayStart, mondayOf } from '../../platform/time-range.js';

/*
 * The period of a promotion's once-per-period rule at an instant, in the site's time zone: its
 * key (once, 2026-11-25, the week's Monday 2026-11-23, 2026-11) and when it ends (null: once).
 * An application is made in its current period, so `period_ends_at > t` finds the period of t.
 */

export interface Period {
  key: string;
  endsAt: Date | null;
}

export function periodAt(type: contract.PromotionType, at: Date, timeZone: string): Period {
  const kind = contract.PROMOTION_PERIOD[type];
  if (kind === 'once') return { key: 'once', endsAt: null };
  const today = localDate(at, timeZone);
  if (kind === 'day') return { key: today, endsAt: localDayStart(addDays(today, 1), timeZone) };
  if (kind === 'week') {
    const monday = mondayOf(today);
    return { key: monday, endsAt: localDayStart(addDays(monday, 7), timeZone) };
  }
  return { key: today.slice(0, 7), endsAt: localDayStart(firstOfNextMonth(today), timeZone) };
}
