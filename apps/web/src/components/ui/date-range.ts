import { addDays, dateInZone, instantInZone } from '@breakshot/contracts/time';

/**
 * Date ranges of the report/record filter (今天 / 昨天 / 本周 / [上周] / 本月 / 上月 / 自定义), as calendar
 * dates in the operator's time zone (sys config `timeZone`), and their UTC instants for calls
 * that take ISO times. Weeks start on Monday.
 */
export type DatePreset = 'today' | 'yesterday' | 'week' | 'lastWeek' | 'month' | 'lastMonth' | 'custom';
export const DATE_PRESETS: readonly DatePreset[] = ['today', 'yesterday', 'week', 'month', 'lastMonth', 'custom'];
/** The agent reports' periods (docs/screens.md): with last week, the dividend's period. */
export const REPORT_PRESETS: readonly DatePreset[] = [
  'today',
  'yesterday',
  'week',
  'lastWeek',
  'month',
  'lastMonth',
  'custom',
];

/** Inclusive calendar dates, YYYY-MM-DD, in the site's time zone. */
export interface DateRange {
  preset: DatePreset;
  from: string;
  to: string;
}

/** docs/screens.md: a custom range covers at most 90 days. */
export const MAX_CUSTOM_DAYS = 90;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A civil date as a UTC midnight (pure calendar arithmetic, no zone involved). */
const civil = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parseYmd = (s: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const d = civil(Number(m[1]), Number(m[2]), Number(m[3]));
  return ymd(d) === s ? d : null;
};

/** Today's date in the zone, YYYY-MM-DD. */
export const zonedToday = (now: Date, timeZone: string): string => dateInZone(now, timeZone);

/** The UTC instant of 00:00 of `date` in the zone. */
export function zonedMidnight(date: string, timeZone: string): Date {
  const midnight = parseYmd(date) && instantInZone(date, timeZone);
  if (!midnight) throw new Error(`bad date ${date}`);
  return midnight;
}

export { addDays };

/** Days covered by an inclusive range. */
export function rangeDays(from: string, to: string): number {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (!a || !b) return NaN;
  return Math.round((b.getTime() - a.getTime()) / DAY_MS) + 1;
}

/** Days since the Monday of the date's week (weeks start on Monday). */
const sinceMonday = (d: Date) => (d.getUTCDay() + 6) % 7;

export function presetRange(preset: Exclude<DatePreset, 'custom'>, now: Date, timeZone: string): DateRange {
  const today = zonedToday(now, timeZone);
  const t = parseYmd(today) as Date;
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth() + 1;
  switch (preset) {
    case 'today':
      return { preset, from: today, to: today };
    case 'yesterday': {
      const yd = addDays(today, -1);
      return { preset, from: yd, to: yd };
    }
    case 'week':
      return { preset, from: addDays(today, -sinceMonday(t)), to: today };
    case 'lastWeek': {
      const monday = addDays(today, -sinceMonday(t) - 7);
      return { preset, from: monday, to: addDays(monday, 6) };
    }
    case 'month':
      return { preset, from: ymd(civil(y, m, 1)), to: today };
    case 'lastMonth':
      return { preset, from: ymd(civil(y, m - 1, 1)), to: ymd(civil(y, m, 0)) };
  }
}

export type CustomRangeError = 'format' | 'order' | 'future' | 'tooLong';

/** A custom range, or why it is refused (wrong order, in the future, longer than 90 days). */
export function customRange(
  from: string,
  to: string,
  now: Date,
  timeZone: string,
): { range: DateRange; error?: undefined } | { range?: undefined; error: CustomRangeError } {
  if (!parseYmd(from) || !parseYmd(to)) return { error: 'format' };
  if (from > to) return { error: 'order' };
  if (to > zonedToday(now, timeZone)) return { error: 'future' };
  if (rangeDays(from, to) > MAX_CUSTOM_DAYS) return { error: 'tooLong' };
  return { range: { preset: 'custom', from, to } };
}

/** ISO instants of a range: from 00:00 of `from` (inclusive) to 00:00 after `to` (exclusive). */
export function rangeInstants(range: DateRange, timeZone: string): { from: string; to: string } {
  return {
    from: zonedMidnight(range.from, timeZone).toISOString(),
    to: zonedMidnight(addDays(range.to, 1), timeZone).toISOString(),
  };
}
