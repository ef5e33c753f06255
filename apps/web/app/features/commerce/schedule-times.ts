import type { Booking } from '@malewa/contracts/carts/cart';
import type { CountryCode } from '@malewa/contracts/markets';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';

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

/** What a language writes between the two times of a range (" – " in English), from Intl itself. */
function rangeSeparator(time: Intl.DateTimeFormat): string {
  const at = Date.UTC(2026, 0, 1, 9);
  const parts = time.formatRangeToParts(new Date(at), new Date(at + 3_600_000));
  const firstOfEnd = parts.findIndex((part) => part.source === 'endRange');
  let from = firstOfEnd;
  while (from > 0 && parts[from - 1]?.source === 'shared') from -= 1;
  return parts
    .slice(from, firstOfEnd)
    .map((part) => part.value)
    .join('');
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
    const end = new Date(start.getTime() + slotMinutes * 60_000);
    const label = day.format(start);
    let group = days.at(-1);
    if (group?.label !== label) {
      group = { label, windows: [] };
      days.push(group);
    }
    // A window that ends at midnight is still read by its clock times: across the day's end
    // formatRange writes both dates in full ("27/11/2026, 23:30 – 28/11/2026, 00:00").
    group.windows.push({
      value: slot,
      label:
        day.format(end) === label
          ? time.formatRange(start, end)
          : `${time.format(start)}${rangeSeparator(time)}${time.format(end)}`,
    });
  }
  return days;
}
