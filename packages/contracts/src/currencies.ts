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

const DIGITS = new Map<string, number>();

/**
 * Minor units per major unit of a currency as a power of ten, from ISO 4217 as the runtime's
 * ICU knows it: 2 for KES, 0 for RWF. Kept per currency: making an Intl.NumberFormat to ask
 * costs some 30 µs, and a list prices every card with it.
 */
export function currencyDigits(currency: string): number {
  let digits = DIGITS.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    DIGITS.set(currency, digits);
  }
  return digits;
}
