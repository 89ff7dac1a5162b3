import { describe, expect, it } from 'vitest';
import { customRange, MAX_CUSTOM_DAYS, presetRange, rangeInstants, zonedMidnight, zonedToday } from './date-range';

const TZ = 'Asia/Shanghai';
// Wednesday 2026-03-04 01:30 in Shanghai = 2026-03-03 17:30 UTC (still Tuesday in UTC).
const NOW = new Date('2026-03-03T17:30:00Z');

describe('date ranges in the site time zone (Asia/Shanghai, fixed clock)', () => {
  it('today is the Shanghai date, not the UTC one', () => {
    expect(zonedToday(NOW, TZ)).toBe('2026-03-04');
    expect(zonedToday(NOW, 'UTC')).toBe('2026-03-03');
  });

  it('today, yesterday, this week (from Monday), this month, last month', () => {
    expect(presetRange('today', NOW, TZ)).toEqual({ preset: 'today', from: '2026-03-04', to: '2026-03-04' });
    expect(presetRange('yesterday', NOW, TZ)).toEqual({ preset: 'yesterday', from: '2026-03-03', to: '2026-03-03' });
    expect(presetRange('week', NOW, TZ)).toEqual({ preset: 'week', from: '2026-03-02', to: '2026-03-04' });
    expect(presetRange('month', NOW, TZ)).toEqual({ preset: 'month', from: '2026-03-01', to: '2026-03-04' });
    expect(presetRange('lastMonth', NOW, TZ)).toEqual({ preset: 'lastMonth', from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastWeek', NOW, TZ)).toEqual({ preset: 'lastWeek', from: '2026-02-23', to: '2026-03-01' });
  });

  it('week on a Sunday starts the Monday before; last month across a year boundary; yesterday on the 1st', () => {
    const sunday = new Date('2026-03-08T04:00:00Z'); // Sunday noon in Shanghai
    expect(presetRange('week', sunday, TZ)).toMatchObject({ from: '2026-03-02', to: '2026-03-08' });
    expect(presetRange('lastWeek', sunday, TZ)).toMatchObject({ from: '2026-02-23', to: '2026-03-01' });
    const jan1 = new Date('2026-01-01T02:00:00Z');
    expect(presetRange('lastMonth', jan1, TZ)).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('yesterday', jan1, TZ)).toMatchObject({ from: '2025-12-31', to: '2025-12-31' });
    const leap = new Date('2024-03-10T02:00:00Z');
    expect(presetRange('lastMonth', leap, TZ)).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('a range becomes UTC instants: Shanghai midnight is 16:00 UTC the day before; `to` is exclusive', () => {
    expect(zonedMidnight('2026-03-04', TZ).toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(rangeInstants(presetRange('today', NOW, TZ), TZ)).toEqual({
      from: '2026-03-03T16:00:00.000Z',
      to: '2026-03-04T16:00:00.000Z',
    });
  });

  it(`custom: up to ${MAX_CUSTOM_DAYS} days accepted, longer refused, reversed or future refused`, () => {
    expect(customRange('2025-12-05', '2026-03-04', NOW, TZ)).toEqual({
      range: { preset: 'custom', from: '2025-12-05', to: '2026-03-04' },
    }); // exactly 90 days
    expect(customRange('2025-12-04', '2026-03-04', NOW, TZ)).toEqual({ error: 'tooLong' }); // 91 days
    expect(customRange('2026-03-04', '2026-03-01', NOW, TZ)).toEqual({ error: 'order' });
    expect(customRange('2026-03-01', '2026-03-05', NOW, TZ)).toEqual({ error: 'future' });
    expect(customRange('', '2026-03-01', NOW, TZ)).toEqual({ error: 'format' });
  });
});
