import type { CountryCode } from '@malewa/contracts/markets';
import { addDays, marketDay } from '@malewa/contracts/zoned-time';

/** A period of days, both included, as `?from=&to=` asks for it. */
export interface Period {
  from: string;
  to: string;
}

/** This month so far on the market's clock: the first of the month to today. */
export function thisMonth(market: CountryCode, now = new Date()): Period {
  const today = marketDay(market, now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The days before today on the market's clock, from the first of yesterday's month: a period
 * that has ended, so what is owed at its end no longer moves (on the 1st: all of last month).
 */
export function monthToYesterday(market: CountryCode, now = new Date()): Period {
  const yesterday = addDays(marketDay(market, now), -1);
  return { from: `${yesterday.slice(0, 8)}01`, to: yesterday };
}

/**
 * The period `?from=&to=` asks for, checked by `isPeriod` (the contract's rules); a period that
 * is not one comes back as typed (`asked`, to show with the error) while `period` is the fallback.
 */
export function periodOf(
  url: URL,
  fallback: Period,
  isPeriod: (asked: Period) => boolean,
): { period: Period; asked: Period; invalid: boolean } {
  const asked = {
    from: url.searchParams.get('from') || fallback.from,
    to: url.searchParams.get('to') || fallback.to,
  };
  return isPeriod(asked) ? { period: asked, asked, invalid: false } : { period: fallback, asked, invalid: true };
}
