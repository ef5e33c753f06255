import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import type { CountryCode } from '@malewa/contracts/markets';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';

/** A day and time, in the page's language and the market's clock (where the shop or applicant is). */
export function momentOf(at: string, language: string, market: CountryCode, withTime = true): string {
  return dateTimeFormat(formattingTag(language, market), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: MARKET_TIME_ZONES[market],
  }).format(new Date(at));
}

/**
 * Rows a console list shows at a time: fifteen keeps a page of shops or offers within the first
 * round trip's 14 KB (`npm run bench:consoles`); twenty did not.
 */
export const OPERATOR_PAGE_SIZE = 15;

/** A page number from the query: a positive integer, else the first page. */
export function pageOf(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '', 10);
  return Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
}

/** A query value when it is one of `allowed`, else undefined (an unknown filter shows everything). */
export function oneOf<const T extends readonly string[]>(value: string | null, allowed: T): T[number] | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T[number]) : undefined;
}
