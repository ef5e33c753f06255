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

/** The intent of the checkout form's "Show times" button: another day's windows, nothing placed. */
export const SHOW_DAY = 'day';

/** A day that has delivery windows: its date on the market's clock (`2026-11-25`) and "Wednesday 25 November". */
export interface WindowDay {
  key: string;
  label: string;
}

/**
 * The days an order can be scheduled for, and the windows of one of them: a page sends one
 * day's windows (at most 48), not the four days' 192, and asks for another day when chosen.
 */
export interface DeliveryWindows {
  days: WindowDay[];
  /** The day whose windows these are. */
  day: string;
  /**
   * Its windows: each one's start (the value sent back) and how it reads, by index. Two lists,
   * not a list of pairs: in the page's hydration data that is some 300 bytes less for a day.
   */
  starts: string[];
  labels: string[];
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

/** A day's key on a clock: `2026-11-25` (en-CA writes ISO dates). */
function dayKeyFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
}

/**
 * Delivery windows by their day on the market's clock, with the windows of one day written out:
 * "13:30 – 14:00" on "Wednesday 25 November". The day is `wanted` when it has windows, else the
 * day of the window `kept` (one chosen before), else the first.
 */
export function deliveryWindows(
  slots: readonly string[],
  slotMinutes: number,
  zone: { timeZone: string; language: string; market: CountryCode },
  choice: { wanted?: string | null; kept?: string | null } = {},
): DeliveryWindows {
  const { timeZone, language, market } = zone;
  const tag = formattingTag(language, market);
  const dayLabel = dateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const keyOf = dayKeyFormat(timeZone);
  const byDay = new Map<string, string[]>();
  for (const slot of slots) {
    const key = keyOf.format(new Date(slot));
    const list = byDay.get(key);
    if (list) list.push(slot);
    else byDay.set(key, [slot]);
  }
  const keptDay = choice.kept ? keyOfSlot(keyOf, choice.kept) : undefined;
  const day =
    [choice.wanted, keptDay].find((key): key is string => typeof key === 'string' && byDay.has(key)) ??
    byDay.keys().next().value ??
    '';
  const days = [...byDay].map(([key, [first = '']]) => ({ key, label: dayLabel.format(new Date(first)) }));
  const time = dateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone });
  const starts = byDay.get(day) ?? [];
  const labels = starts.map((slot) => {
    const start = new Date(slot);
    const end = new Date(start.getTime() + slotMinutes * 60_000);
    // A window that ends at midnight is still read by its clock times: across the day's end
    // formatRange writes both dates in full ("27/11/2026, 23:30 – 28/11/2026, 00:00").
    return keyOf.format(end) === day
      ? time.formatRange(start, end)
      : `${time.format(start)}${rangeSeparator(time)}${time.format(end)}`;
  });
  return { days, day, starts, labels };
}

/** The day of a window sent back by a form; none for text that is no instant. */
function keyOfSlot(keyOf: Intl.DateTimeFormat, slot: string): string | undefined {
  const at = new Date(slot);
  return Number.isNaN(at.getTime()) ? undefined : keyOf.format(at);
}
