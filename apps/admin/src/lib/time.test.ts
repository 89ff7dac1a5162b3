import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn, sessionOf } from '../test/render';
import { dateTime, fromPickerValue, siteOffset, toPickerValue } from './time';

const deviceZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = deviceZone;
});

describe.each(['America/Los_Angeles', 'UTC'])("the console's times with the computer in %s", (zone) => {
  it("shows an instant on the site's clock (the zone of the operator's session)", () => {
    process.env.TZ = zone;
    logIn(sessionOf('finance'));
    expect(dateTime('2026-11-23T10:00:00Z')).toBe('2026-11-23 18:00:00');
    expect(siteOffset()).toBe('UTC+8');
    logIn({ ...sessionOf('finance'), timeZone: 'Europe/London' });
    expect(dateTime('2026-11-23T10:00:00Z')).toBe('2026-11-23 10:00:00');
  });

  it("reads what a picker holds as the site's wall clock: a day starts at the site's midnight", () => {
    process.env.TZ = zone;
    logIn(sessionOf('finance'));
    expect(fromPickerValue(dayjs('2026-11-28 00:00:00'))).toBe('2026-11-27T16:00:00.000Z');
    const shown = toPickerValue('2026-11-28T10:00:00Z');
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 18:00');
    expect(fromPickerValue(shown)).toBe('2026-11-28T10:00:00.000Z');
  });
});
