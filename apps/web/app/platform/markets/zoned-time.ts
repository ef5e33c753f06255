import type { CountryCode } from '@malewa/contracts/markets';
import { dateTimeFormat } from '../i18n/intl-formats.ts';
import { MARKET_TIME_ZONES } from './market-time-zones.ts';

/**
 * A wall-clock time of a time zone ("2026-12-01T08:00" in Africa/Nairobi) as the instant it
 * names, and back: what a `datetime-local` field means in the market it is typed for.
 */
function offsetMs(at: number, timeZone: string): number {
  const parts: Record<string, string> = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const part = (type: string) => Number(parts[type] ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** "2026-12-01T08:00" in `timeZone` → an ISO instant; undefined when it is not such a time. */
export function instantOf(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, m - 1, d, h, min);
  if (Number.isNaN(guess)) return undefined;
  const at = guess - offsetMs(guess, timeZone);
  // Twice: a guess across a change of offset lands right the second time.
  return new Date(guess - offsetMs(at, timeZone)).toISOString();
}

/** An instant as a `datetime-local` field shows it in `timeZone`. */
export function localOf(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  return new Date(at + offsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `market`: a shop's today, its closed days, its sales. */
export function marketDay(market: CountryCode, at: Date = new Date()): string {
  return localOf(at.toISOString(), MARKET_TIME_ZONES[market]).slice(0, 10);
}
