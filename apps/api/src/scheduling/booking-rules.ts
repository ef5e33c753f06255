import type { WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import { isCalendarDate, wallClock, zonedInstant } from '@malewa/contracts/zoned-time';
import { openingsOn, type ShopWeek } from './shop-week.ts';

/** A chef shops and plans: a booking starts at least this long after it is made. */
export const BOOKING_LEAD_HOURS = 24;
/** And at most this far ahead: a chef's calendar further out is not theirs to promise. */
export const BOOKING_HORIZON_DAYS = 90;
/** Start times are on the half hour. */
export const BOOKING_STEP_MINUTES = 30;

export interface ExperienceTerms {
  guestsMin: number;
  guestsMax: number;
  durationMinutes: number;
}

/**
 * Why a booking cannot be made, by the field it is about: `booking.date` too soon or too far,
 * `booking.time` off the half hour or outside the chef's hours that day, `booking.guests`
 * outside the experience's range.
 */
export type BookingProblem =
  | { field: 'booking.date'; code: 'invalid' | 'too_soon' | 'too_far' }
  | { field: 'booking.time'; code: 'invalid' | 'closed' }
  | { field: 'booking.guests'; code: 'range' };

export type BookingCheck = { ok: true; startsAt: Date; endsAt: Date } | ({ ok: false } & BookingProblem);

/**
 * The starts ("HH:MM", on the half hour, earliest first) a chef takes on at least one weekday
 * of its hours: what a booking form offers before a date is chosen. A given date's own hours
 * and closed days are checked when the booking is made (checkBooking).
 */
export function bookingStartTimes(hours: WeeklyHours): string[] {
  const starts = new Set<number>();
  for (const day of hours) {
    for (const [from, to] of day) {
      const first = Math.ceil(from / BOOKING_STEP_MINUTES) * BOOKING_STEP_MINUTES;
      for (let minutes = first; minutes < Math.min(to, 24 * 60); minutes += BOOKING_STEP_MINUTES) starts.add(minutes);
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
}

/**
 * A booking of an experience for a date and time on the chef's clock: within the guests the
 * experience takes, on the half hour, starting while the chef works that day (the weekday's
 * hours, and not one of the chef's closed days), at least a day and at most three months ahead. Whether the chef is free then is the bookings' to say.
 */
export function checkBooking(
  booking: { date: string; time: string; guests: number },
  terms: ExperienceTerms,
  chef: ShopWeek,
  timeZone: string,
  now: Date,
): BookingCheck {
  if (!Number.isInteger(booking.guests) || booking.guests < terms.guestsMin || booking.guests > terms.guestsMax) {
    return { ok: false, field: 'booking.guests', code: 'range' };
  }
  if (!isCalendarDate(booking.date)) return { ok: false, field: 'booking.date', code: 'invalid' };
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(booking.time);
  if (!time) return { ok: false, field: 'booking.time', code: 'invalid' };
  const minutes = Number(time[1]) * 60 + Number(time[2]);
  if (minutes % BOOKING_STEP_MINUTES !== 0) return { ok: false, field: 'booking.time', code: 'invalid' };
  const startsAt = zonedInstant(booking.date, minutes, timeZone);
  if (startsAt.getTime() < now.getTime() + BOOKING_LEAD_HOURS * 3_600_000) {
    return { ok: false, field: 'booking.date', code: 'too_soon' };
  }
  if (startsAt.getTime() > now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000) {
    return { ok: false, field: 'booking.date', code: 'too_far' };
  }
  const { weekday } = wallClock(startsAt, timeZone);
  const open = openingsOn(chef, booking.date, weekday).some(([from, to]) => minutes >= from && minutes < to);
  if (!open) return { ok: false, field: 'booking.time', code: 'closed' };
  return { ok: true, startsAt, endsAt: new Date(startsAt.getTime() + terms.durationMinutes * 60_000) };
}
