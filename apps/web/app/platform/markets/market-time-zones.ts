import type { CountryCode } from '@malewa/contracts/markets';

/** Each market's time zone (as the marketplaces table has them): dates read as the shopper's clock does. */
export const MARKET_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  ZA: 'Africa/Johannesburg',
  KE: 'Africa/Nairobi',
  RW: 'Africa/Kigali',
  BW: 'Africa/Gaborone',
  ZW: 'Africa/Harare',
  MZ: 'Africa/Maputo',
};

/** The BCP 47 tag to format numbers, money and dates with: the page's language in the shopper's country. */
export function formattingTag(languageTag: string, market: CountryCode): string {
  try {
    return Intl.getCanonicalLocales(`${languageTag}-${market}`)[0] ?? languageTag;
  } catch {
    return languageTag;
  }
}
