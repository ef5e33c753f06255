/**
 * The six markets Malewa serves, one marketplace per country (docs/product/catalog.md, markets
 * and places). Kept apart from the Zod schemas in `markets.ts` so that browser code (the
 * footer's country list) can use them without shipping Zod to shoppers on 2G.
 */
export const COUNTRY_CODES = ['ZA', 'KE', 'RW', 'BW', 'ZW', 'MZ'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/**
 * Each market's time zone: the one list (the seed gives the marketplaces table these, the
 * storefront reads dates in them). Opening hours, bookings and offers are written on these
 * clocks; `zoned-time.ts` does their arithmetic.
 */
export const MARKET_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  ZA: 'Africa/Johannesburg',
  KE: 'Africa/Nairobi',
  RW: 'Africa/Kigali',
  BW: 'Africa/Gaborone',
  ZW: 'Africa/Harare',
  MZ: 'Africa/Maputo',
};
