import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes.ts';
import { CURRENCY_CODES } from './currencies.ts';

/** The six markets Malewa serves: one marketplace per country (docs/product/catalog.md). */
export const ZCountryCodeSchema = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof ZCountryCodeSchema>;

export const ZCurrencyCodeSchema = z.enum(CURRENCY_CODES);
