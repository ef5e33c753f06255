/**
 * The six markets Malewa serves, one marketplace per country (DESIGN §3). Kept apart from the
 * Zod schemas in `markets.ts` so that browser code (the footer's country list) can use them
 * without shipping Zod to shoppers on 2G.
 */
export const COUNTRY_CODES = ['ZA', 'KE', 'RW', 'BW', 'ZW', 'MZ'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
