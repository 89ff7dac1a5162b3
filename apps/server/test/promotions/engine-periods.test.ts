import { describe, expect, it } from 'vitest';
import { periodAt } from '../../src/modules/promotions/periods.js';

/*
 * The once-per-period rule's periods in the site's time zone (Asia/Shanghai, UTC+8): the key an
 * application is stored under and when its period ends, at the edges of days, weeks and months.
 */

const TZ = 'Asia/Shanghai';
const at = (iso: string) => new Date(iso);

describe('promotion periods', () => {
  it('a day, week (from Monday) and month begin at local midnight, not UTC midnight', () => {
    // Sunday 2026-11-29 23:59 local.
    const sunday = at('2026-11-29T15:59:00Z');
    expect(periodAt('reload', sunday, TZ)).toEqual({ key: '2026-11-29', endsAt: at('2026-11-29T16:00:00Z') });
    expect(periodAt('fee_waiver', sunday, TZ)).toEqual({ key: '2026-11-23', endsAt: at('2026-11-29T16:00:00Z') });
    // Monday 2026-11-30 00:00 local: a new day and week, the same month.
    const monday = at('2026-11-29T16:00:00Z');
    expect(periodAt('lucky_slip', monday, TZ)).toEqual({ key: '2026-11-30', endsAt: at('2026-11-30T16:00:00Z') });
    expect(periodAt('slots_turnover', monday, TZ)).toEqual({ key: '2026-11-30', endsAt: at('2026-12-06T16:00:00Z') });
    expect(periodAt('agent_starter', monday, TZ)).toEqual({ key: '2026-11', endsAt: at('2026-11-30T16:00:00Z') });
  });

  it('December ends in the next year; a week across the new year keys by its Monday', () => {
    const newYearsEve = at('2026-12-31T15:00:00Z'); // Thursday 23:00 local
    expect(periodAt('agent_starter', newYearsEve, TZ)).toEqual({ key: '2026-12', endsAt: at('2026-12-31T16:00:00Z') });
    expect(periodAt('fee_waiver', at('2027-01-01T01:00:00Z'), TZ)).toEqual({
      key: '2026-12-28',
      endsAt: at('2027-01-03T16:00:00Z'),
    });
  });

  it('the first-deposit bonus is once ever', () => {
    expect(periodAt('first_deposit', at('2026-11-29T15:59:00Z'), TZ)).toEqual({ key: 'once', endsAt: null });
  });
});
