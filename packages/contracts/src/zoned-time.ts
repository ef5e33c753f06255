import { type CountryCode, MARKET_TIME_ZONES } from './country-codes.ts';

/**
 * Wall-clock time in a time zone, for the API and the storefront alike. Opening hours,
 * bookings, delivery windows and offers are written as the shop's clock reads them ("Tuesday
 * 19:00 in Nairobi", a `datetime-local` field typed for Kenya); the database keeps instants.
 * Node has no Temporal by default, so Intl does the zone's arithmetic: a zone with summer time
 * works too. Browser-safe (no Zod).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

function partsAt(at: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** What a clock in `timeZone` reads at `at`: its date, weekday (Monday 0) and minutes after midnight. */
export function wallClock(at: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const parts = partsAt(at, timeZone);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Milliseconds the zone is ahead of UTC at `at`. */
function offsetMs(at: number, timeZone: string): number {
  const parts = partsAt(new Date(at), timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a clock in `timeZone` reads `date` (YYYY-MM-DD) at `minutes` after midnight. */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, 0, minutes);
  const first = asUtc - offsetMs(asUtc, timeZone);
  // Once more at the first guess: right across a change of the zone's offset too.
  return new Date(asUtc - offsetMs(first, timeZone));
}

/** "2026-12-01T08:00" (a `datetime-local` field's value) in `timeZone` → the ISO instant; undefined when it is not such a time. */
export function instantOf(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, date = '', hours, minutes] = match;
  return zonedInstant(date, Number(hours) * 60 + Number(minutes), timeZone).toISOString();
}

/** An instant as a `datetime-local` field shows it in `timeZone` ("2026-12-01T08:00"). */
export function localOf(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  return new Date(at + offsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `market`: a shop's today, its closed days, its sales. */
export function marketDay(market: CountryCode, at: Date = new Date()): string {
  return wallClock(at, MARKET_TIME_ZONES[market]).date;
}

/** The date `days` after `date` (YYYY-MM-DD), as a calendar counts. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/** A real calendar date in YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date;
}
