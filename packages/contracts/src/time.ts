/*
 * Times on screen, in the site's time zone (sys config `timeZone`) whatever the zone of the
 * device or machine that shows them. The server sends instants (ISO-8601, UTC); these turn them
 * into the site's wall clock and back. No zod here: the player app's start-up imports it
 * (`@breakshot/contracts/time`). Each app formats times only through its own module built on
 * this one (eslint.config.js forbids the device-zone Date methods elsewhere).
 */

/** The zone of a site whose config does not say (the seed's). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

const instantOf = (at: Date | string): Date => (typeof at === 'string' ? new Date(at) : at);

/** The date `days` after a YYYY-MM-DD date (negative: before); calendar arithmetic, no zone. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One formatter per zone and kind: building an Intl.DateTimeFormat costs far more than using one,
 * and settlement reads the wall clock for every bet (apps/server/bench/book: 11 % of its time).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(kind: 'clock' | 'offset', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}:${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      'en-US',
      kind === 'clock'
        ? {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          }
        : { timeZone, timeZoneName: 'shortOffset' },
    );
    formatters.set(key, f);
  }
  return f;
}

/** The site's wall clock at an instant. */
export function wallClock(at: Date | string, timeZone: string): WallClock {
  const parts = formatterOf('clock', timeZone).formatToParts(instantOf(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** An instant's date in the zone, YYYY-MM-DD. */
export function dateInZone(at: Date | string, timeZone: string): string {
  const c = wallClock(at, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** The zone's offset from UTC at an instant: 'UTC+8', 'UTC-7', 'UTC+5:30', 'UTC'. */
export function zoneOffset(at: Date | string, timeZone: string): string {
  const name = formatterOf('offset', timeZone)
    .formatToParts(instantOf(at))
    .find((p) => p.type === 'timeZoneName')?.value;
  return (name ?? 'GMT').replace('GMT', 'UTC');
}

export interface TimeFormat {
  /** With seconds: 2026-11-28 18:00:05 (default: to the minute). */
  seconds?: boolean;
  /** Followed by the zone's offset: 2026-11-28 18:00 (UTC+8). */
  offset?: boolean;
}

/** An instant on the zone's wall clock: 2026-11-28 18:00; '' for a time that is not one. */
export function formatInZone(at: Date | string, timeZone: string, format: TimeFormat = {}): string {
  if (Number.isNaN(instantOf(at).getTime())) return '';
  const c = wallClock(at, timeZone);
  const time = `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}`;
  const text = format.seconds ? `${time}:${pad(c.second)}` : time;
  return format.offset ? `${text} (${zoneOffset(at, timeZone)})` : text;
}

/**
 * The instant the zone's wall clock shows a date and time ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or
 * 'YYYY-MM-DD HH:mm:ss'), e.g. a day's start; null for text that is not one.
 */
export function instantInZone(wall: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(wall);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(asUtc);
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  let at = asUtc;
  // Twice: the offset at the first guess may differ from the offset at the wanted time (DST).
  for (let i = 0; i < 2; i += 1) at = asUtc - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(at: Date, timeZone: string): number {
  const c = wallClock(at, timeZone);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
