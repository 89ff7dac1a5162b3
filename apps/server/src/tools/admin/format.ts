import { formatInZone } from '@breakshot/contracts';
import type { Io } from './command.js';
import { UsageError } from './errors.js';

/** Times as the site's wall clock with its offset, `2026-11-28 18:00 (UTC+8)`, whatever this machine's zone. */
export async function siteTime(io: Io): Promise<(iso: string) => string> {
  const { timeZone } = await io.siteConfig();
  return (iso) => formatInZone(iso, timeZone, { offset: true });
}

/** "100.50" → 10050, "-20" → -2000; at most two decimals; 0 only with `zero` (an adjustment by 0 is none). */
export function minorUnits(text: string, { zero = false } = {}): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new UsageError(`not an amount in yuan: ${text} (e.g. 100.50 or -20)`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if ((value === 0 && !zero) || !Number.isSafeInteger(value))
    throw new UsageError(`not an amount${zero ? '' : ' to adjust by'}: ${text}`);
  return m[1] ? -value : value;
}

export function whole(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`not a whole number: ${text}`);
  return Number(text);
}

/** `on` or `off` → enabled or not. */
export function onOff(text: string | undefined): boolean {
  if (text !== 'on' && text !== 'off') throw new UsageError(`on or off, not ${text ?? 'nothing'}`);
  return text === 'on';
}
