import { reportTexts } from './texts';

const t = reportTexts.payments;
const UNITS = [
  [86_400, t.day],
  [3_600, t.hour],
  [60, t.minute],
  [1, t.second],
] as const;

/** Whole seconds as their two largest units (3 分 20 秒, 2 小时 5 分, 1 天 3 小时); none as —. */
export function duration(seconds: number | null): string {
  if (seconds === null) return t.none;
  if (seconds === 0) return `0 ${t.second}`;
  const parts: string[] = [];
  let left = seconds;
  for (const [size, unit] of UNITS) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0 || parts.length > 0) parts.push(`${n} ${unit}`);
  }
  return parts
    .slice(0, 2)
    .filter((p) => !p.startsWith('0 '))
    .join(' ');
}
