import { describe, expect, it } from 'vitest';
import { addDays, instantOf, isCalendarDate, localOf, marketDay, wallClock, zonedInstant } from './zoned-time.ts';

describe('zoned time', () => {
  it('reads the clock of each market', () => {
    const at = new Date('2026-11-28T16:00:00Z');
    expect(wallClock(at, 'Africa/Nairobi')).toEqual({ date: '2026-11-28', weekday: 5, minutes: 19 * 60 });
    expect(wallClock(at, 'Africa/Johannesburg')).toEqual({ date: '2026-11-28', weekday: 5, minutes: 18 * 60 });
    // Past midnight in Nairobi, still the day before in UTC.
    expect(wallClock(new Date('2026-11-29T21:30:00Z'), 'Africa/Nairobi')).toMatchObject({
      date: '2026-11-30',
      weekday: 0,
      minutes: 30,
    });
  });

  it('turns a date and time on a market clock into the instant, and back', () => {
    expect(zonedInstant('2026-11-28', 19 * 60, 'Africa/Nairobi').toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(zonedInstant('2026-11-28', 0, 'Africa/Maputo').toISOString()).toBe('2026-11-27T22:00:00.000Z');
    // A zone with summer time: London in July is an hour ahead of UTC.
    expect(zonedInstant('2026-07-01', 12 * 60, 'Europe/London').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    const instant = zonedInstant('2026-12-31', 23 * 60 + 30, 'Africa/Kigali');
    expect(wallClock(instant, 'Africa/Kigali')).toMatchObject({ date: '2026-12-31', minutes: 23 * 60 + 30 });
  });

  it('counts calendar days and knows a real date', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isCalendarDate('2026-11-30')).toBe(true);
    expect(isCalendarDate('2026-11-31')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });

  it('reads a local time as its instant, and shows an instant as local time', () => {
    expect(instantOf('2026-12-01T08:00', 'Africa/Nairobi')).toBe('2026-12-01T05:00:00.000Z');
    expect(instantOf('2026-12-01T08:00', 'Africa/Johannesburg')).toBe('2026-12-01T06:00:00.000Z');
    expect(localOf('2026-12-01T05:00:00.000Z', 'Africa/Nairobi')).toBe('2026-12-01T08:00');
    expect(instantOf('yesterday', 'Africa/Nairobi')).toBeUndefined();
  });

  it("names a market's day", () => {
    // 21:30 in UTC: half past midnight in Nairobi (UTC+3), half past eleven in Johannesburg (UTC+2).
    const at = new Date('2026-11-29T21:30:00Z');
    expect(marketDay('KE', at)).toBe('2026-11-30');
    expect(marketDay('ZA', at)).toBe('2026-11-29');
  });
});
