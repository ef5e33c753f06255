import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes.ts';

/** The six markets Malewa serves: one marketplace per country (DESIGN §3). */
export const ZCountryCodeSchema = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof ZCountryCodeSchema>;

/** Zimbabwe prices in USD and ZWG side by side; the others in their own currency. */
export const CURRENCY_CODES = ['ZAR', 'KES', 'RWF', 'BWP', 'USD', 'ZWG', 'MZN'] as const;
export const ZCurrencyCodeSchema = z.enum(CURRENCY_CODES);
export type CurrencyCode = z.infer<typeof ZCurrencyCodeSchema>;

/** The currency each market prices in (Zimbabwe: USD, with ZWG shown beside it). */
export const MARKET_CURRENCY: Readonly<Record<CountryCode, CurrencyCode>> = {
  ZA: 'ZAR',
  KE: 'KES',
  RW: 'RWF',
  BW: 'BWP',
  ZW: 'USD',
  MZ: 'MZN',
};
