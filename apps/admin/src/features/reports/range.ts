import type { Dayjs } from 'dayjs';
import { sitePickerNow } from '../../lib/time';
import { reportTexts as t } from './texts';

/*
 * The report's range as the picker holds it: the site's first and last days (the picker's values
 * are the site's wall clock, lib/time.ts), and the presets an operator reaches for.
 */

export type DayRange = [Dayjs, Dayjs];

/** Monday of the week of a day (the report's weeks start on Monday). */
const monday = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

export function rangePresets(): { label: string; value: DayRange }[] {
  const today = sitePickerNow().startOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: t.presets.today, value: [today, today] },
    { label: t.presets.yesterday, value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: t.presets.thisWeek, value: [monday(today), today] },
    { label: t.presets.lastWeek, value: [monday(today).subtract(7, 'day'), monday(today).subtract(1, 'day')] },
    { label: t.presets.thisMonth, value: [today.startOf('month'), today] },
    { label: t.presets.lastMonth, value: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')] },
    { label: t.presets.last30, value: [today.subtract(29, 'day'), today] },
    { label: t.presets.last90, value: [today.subtract(89, 'day'), today] },
  ];
}

/** The range a report opens on: the last 30 days. */
export const defaultRange = (): DayRange => rangePresets()[6]!.value;
