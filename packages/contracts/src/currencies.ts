import type { CountryCode } from './country-codes.ts';

/**
 * The currencies of the six markets, kept apart from the Zod schemas in `markets.ts` so that
 * browser code (formatting a price) can use them without shipping Zod. Zimbabwe prices in USD
 * and shows ZWG beside it; the others in their own currency.
 */
export const CURRENCY_CODES = ['ZAR', 'KES', 'RWF', 'BWP', 'USD', 'ZWG', 'MZN'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The currency each market prices in (Zimbabwe: USD, with ZWG shown beside it). */
export const MARKET_CURRENCY: Readonly<Record<CountryCode, CurrencyCode>> = {
  ZA: 'ZAR',
  KE: 'KES',
  RW: 'RWF',
  BW: 'BWP',
  ZW: 'USD',
  MZ: 'MZN',
};

/**
 * The market whose way of writing a currency is used for it, wherever the shopper is: a Kenyan
 * price seen from Johannesburg is still written as Kenyans write it (KSh 1,200.00).
 */
export const CURRENCY_MARKET: Readonly<Record<CurrencyCode, CountryCode>> = {
  ZAR: 'ZA',
  KES: 'KE',
  RWF: 'RW',
  BWP: 'BW',
  USD: 'ZW',
  ZWG: 'ZW',
  MZN: 'MZ',
};
