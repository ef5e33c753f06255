import type { CountryCode } from '../country-codes.ts';

/**
 * What a VAT number looks like in each market, checked loosely: enough to catch a typo or a
 * number of another market, not a lookup in the revenue authority's register. South Africa:
 * SARS's 10 digits starting with 4. Kenya: the KRA PIN VAT is registered under, a letter (P for
 * a company, A for a person), 9 digits and a check letter (P051234567X). The other markets
 * (RRA's TIN, BURS's and ZIMRA's numbers, Mozambique's NUIT): 5 to 20 letters and digits.
 * Shared by the API, which refuses what fails it, and the storefront, which says so first.
 */
export const VAT_NUMBER_PATTERNS: Readonly<Record<CountryCode, RegExp>> = {
  ZA: /^4\d{9}$/,
  KE: /^[AP]\d{9}[A-Z]$/,
  RW: /^[A-Z0-9]{5,20}$/,
  BW: /^[A-Z0-9]{5,20}$/,
  ZW: /^[A-Z0-9]{5,20}$/,
  MZ: /^[A-Z0-9]{5,20}$/,
};

/** A plausible number of each market, for the settings form's hint. */
export const VAT_NUMBER_EXAMPLES: Readonly<Record<CountryCode, string>> = {
  ZA: '4123456789',
  KE: 'P051234567X',
  RW: '101234567',
  BW: 'P03012345678',
  ZW: '10012345',
  MZ: '400123456',
};

/** A VAT number as people type it, kept as it is printed: no spaces, dots or dashes, upper case. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** Whether `value` (normalized) looks like a VAT number of the market. */
export function isVatNumberOf(countryCode: CountryCode, value: string): boolean {
  return VAT_NUMBER_PATTERNS[countryCode].test(normalizeVatNumber(value));
}
