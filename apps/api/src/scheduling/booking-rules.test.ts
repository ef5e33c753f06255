import type { WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import { describe, expect, it } from 'vitest';
import { bookingStartTimes, checkBooking } from './booking-rules.ts';

const NAIROBI = 'Africa/Nairobi';
// Tuesday 24 November 2026, 12:30 in Nairobi.
const NOW = new Date('2026-11-24T09:30:00Z');
const nineToNine: [number, number][] = [[9 * 60, 21 * 60]];
/** Monday to Saturday 09:00–21:00, Sunday closed. */
const HOURS: WeeklyHours = [nineToNine, nineToNine, nineToNine, nineToNine, nineToNine, nineToNine, []];
const TERMS = { guestsMin: 2, guestsMax: 12, durationMinutes: 180 };

/** And closed on Friday 4 December, a family wedding. */
const CHEF = { hours: HOURS, closedDates: ['2026-12-04'] };

const check = (date: string, time: string, guests = 8) =>
  checkBooking({ date, time, guests }, TERMS, CHEF, NAIROBI, NOW);

describe('a chef booking', () => {
  it('starts when the chef works, and lasts the experience', () => {
    expect(check('2026-11-28', '19:00')).toEqual({
      ok: true,
      startsAt: new Date('2026-11-28T16:00:00Z'),
      endsAt: new Date('2026-11-28T19:00:00Z'),
    });
    expect(check('2026-11-28', '09:00').ok).toBe(true);
    expect(check('2026-11-28', '20:30').ok).toBe(true);
  });

  it('is refused outside the hours, on a closed day, or off the half hour', () => {
    expect(check('2026-11-28', '08:30')).toMatchObject({ ok: false, field: 'booking.time', code: 'closed' });
    expect(check('2026-11-28', '21:00')).toMatchObject({ ok: false, field: 'booking.time', code: 'closed' });
    expect(check('2026-11-29', '12:00')).toMatchObject({ ok: false, field: 'booking.time', code: 'closed' });
    // A closed day refuses whatever the weekday's hours: the Friday before and after are open.
    expect(check('2026-12-04', '12:00')).toMatchObject({ ok: false, field: 'booking.time', code: 'closed' });
    expect(check('2026-11-27', '12:00').ok).toBe(true);
    expect(check('2026-12-11', '12:00').ok).toBe(true);
    expect(check('2026-11-28', '19:10')).toMatchObject({ ok: false, field: 'booking.time', code: 'invalid' });
    expect(check('2026-11-28', '25:00')).toMatchObject({ ok: false, field: 'booking.time', code: 'invalid' });
  });

  it('is made a day to three months ahead', () => {
    // 24 hours ahead to the minute is enough; a minute less is not.
    expect(check('2026-11-25', '12:30').ok).toBe(true);
    expect(check('2026-11-25', '12:00')).toMatchObject({ ok: false, field: 'booking.date', code: 'too_soon' });
    expect(check('2026-11-20', '12:00')).toMatchObject({ ok: false, code: 'too_soon' });
    expect(check('2027-02-23', '12:00')).toMatchObject({ ok: false, field: 'booking.date', code: 'too_far' });
    expect(check('2026-02-30', '12:00')).toMatchObject({ ok: false, field: 'booking.date', code: 'invalid' });
  });

  it('takes the guests the experience takes', () => {
    expect(check('2026-11-28', '19:00', 1)).toMatchObject({ ok: false, field: 'booking.guests', code: 'range' });
    expect(check('2026-11-28', '19:00', 13)).toMatchObject({ ok: false, field: 'booking.guests', code: 'range' });
    expect(check('2026-11-28', '19:00', 2).ok).toBe(true);
    expect(check('2026-11-28', '19:00', 12).ok).toBe(true);
  });
});

describe("a chef's start times", () => {
  it('are the half hours at which the chef starts on some weekday, each once, earliest first', () => {
    const nine = bookingStartTimes(HOURS);
    expect(nine[0]).toBe('09:00');
    expect(nine.at(-1)).toBe('20:30');
    expect(nine).toHaveLength(24);
    // A break, a weekend of its own, ends off the half hour, and every start is one checkBooking takes.
    const split: WeeklyHours = [
      [
        [11 * 60 + 45, 14 * 60 + 10],
        [18 * 60, 22 * 60],
      ],
      [],
      [],
      [],
      [],
      [[8 * 60, 10 * 60]],
      [],
    ];
    expect(bookingStartTimes(split)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
    ]);
    expect(bookingStartTimes([[], [], [], [], [], [], []])).toEqual([]);
    for (const time of nine) expect(check('2026-11-28', time).ok, time).toBe(true);
    expect(check('2026-11-28', '08:30').ok).toBe(false);
  });
});
