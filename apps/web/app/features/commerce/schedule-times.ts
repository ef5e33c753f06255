import type { Booking } from '@malewa/contracts/carts/cart';
import type { CountryCode } from '@malewa/contracts/markets';
import { dateTimeFormat } from '../../platform/i18n/intl-formats.ts';
import { formattingTag } from '../../platform/markets/market-time-zones.ts';

// Bookings and delivery windows are written on the server, in the page's language and on the
// provider's clock: a browser's Intl can word a date slightly otherwise than Node's, and a
// shopper abroad still reads the time the chef or the rider comes.

const SPAN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** "Sat 28 Nov, 19:00 – 22:00": when a booked experience starts and ends. */
export function bookingSpan(booking: Booking, language: string, market: CountryCode): string {
  const format = dateTimeFormat(formattingTag(language, market), { ...SPAN, timeZone: booking.timeZone });
  return format.formatRange(new Date(booking.startsAt), new Date(booking.endsAt));
}

/** "Wed 25 Nov, 13:30": when a scheduled order is wanted. */
export function scheduledAt(at: string, timeZone: string, language: string, market: CountryCode): string {
  return dateTimeFormat(formattingTag(language, market), { ...SPAN, timeZone }).format(new Date(at));
}

export interface WindowDay {
  /** "Wednesday 25 November". */
  label: string;
  windows: { value: string; label: string }[];
}

/** Delivery windows grouped by their day on the market's clock: "13:30 – 14:00" under "Wednesday 25 November". */
export function windowsByDay(
  slots: readonly string[],
  slotMinutes: number,
  timeZone: string,
  language: string,
  market: CountryCode,
): WindowDay[] {
  const tag = formattingTag(language, market);
  const day = dateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const time = dateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone });
  const days: WindowDay[] = [];
  for (const slot of slots) {
    const start = new Date(slot);
    const label = day.format(start);
    let group = days.at(-1);
    if (group?.label !== label) {
      group = { label, windows: [] };
      days.push(group);
    }
    group.windows.push({
      value: slot,
      label: time.formatRange(start, new Date(start.getTime() + slotMinutes * 60_000)),
    });
  }
  return days;
}
