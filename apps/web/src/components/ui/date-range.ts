/**
 * Date ranges of the report/record filter (今天 / 昨天 / 本周 / [上周] / 本月 / 上月 / 自定义), as calendar
 * dates in the operator's time zone (sys config `timeZone`), and their UTC instants for calls
 * that take ISO times. Weeks start on Monday.
 */
export type DatePreset = 'today' | 'yesterday' | 'week' | 'lastWeek' | 'month' | 'lastMonth' | 'custom';
export const DATE_PRESETS: readonly DatePreset[] = ['today', 'yesterday', 'week', 'month', 'lastMonth', 'custom'];
/** The agent reports' periods (SCREENS.md): with last week, the dividend's period. */
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

/** SCREENS.md: a custom range covers at most 90 days. */
export const MAX_CUSTOM_DAYS = 90;
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

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

/** Wall-clock parts of an instant in a zone. */
function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute'), s: get('second') };
}

/** Today's date in the zone, YYYY-MM-DD. */
export function zonedToday(now: Date, timeZone: string): string {
  const p = zonedParts(now, timeZone);
  return ymd(civil(p.y, p.m, p.d));
}

/** The UTC instant of 00:00 of `date` in the zone. */
export function zonedMidnight(date: string, timeZone: string): Date {
  const d = parseYmd(date);
  if (!d) throw new Error(`bad date ${date}`);
  let guess = d.getTime();
  // Two rounds settle the offset (also across a DST change).
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
    guess -= asUtc - d.getTime();
  }
  return new Date(guess);
}

export function addDays(date: string, days: number): string {
  const d = parseYmd(date);
  if (!d) throw new Error(`bad date ${date}`);
  return ymd(new Date(d.getTime() + days * DAY_MS));
}

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
