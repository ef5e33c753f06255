import { COUNTRY_CODES, type CountryCode } from '@malewa/contracts/country-codes';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

export type Identifier =
  | { kind: 'email'; value: string }
  /** `country`: where the number belongs, when it is one of the six markets. */
  | { kind: 'phone'; value: string; country: CountryCode | undefined };

export type IdentifierReading =
  | { ok: true; identifier: Identifier }
  /** A national number valid in several markets: each reading, for a lookup or a question. */
  | { ok: false; reason: 'ambiguous'; candidates: Identifier[] }
  | { ok: false; reason: 'invalid' };

const isMarket = (country: string | undefined): country is CountryCode =>
  (COUNTRY_CODES as readonly string[]).includes(country ?? '');

function phone(raw: string, country: CountryCode | undefined): Identifier | undefined {
  const parsed = parsePhoneNumberFromString(raw, country ? { defaultCountry: country } : undefined);
  if (!parsed?.isValid()) return undefined;
  return { kind: 'phone', value: parsed.number, country: isMarket(parsed.country) ? parsed.country : undefined };
}

/**
 * An email address (lower-cased: one address is one account, whatever its case) or a phone
 * number in E.164. International numbers (`+254 712 345 678`, `00254…`) are read as such;
 * national ones (`0712 345 678`) in `market` when known, else in each of the six markets —
 * a number valid in several of them is ambiguous (`0712 345 678` is Kenyan and South African).
 */
export function readIdentifier(raw: string, market?: CountryCode): IdentifierReading {
  const typed = raw.trim();
  if (typed.includes('@')) {
    const email = typed.toLowerCase();
    return z.email().safeParse(email).success && email.length <= 254
      ? { ok: true, identifier: { kind: 'email', value: email } }
      : { ok: false, reason: 'invalid' };
  }
  if (!/^[+(]?[0-9][0-9 .()/-]{4,24}$/.test(typed)) return { ok: false, reason: 'invalid' };
  const international = typed.startsWith('+') ? typed : typed.startsWith('00') ? `+${typed.slice(2)}` : undefined;
  if (international) {
    const found = phone(international, undefined);
    return found ? { ok: true, identifier: found } : { ok: false, reason: 'invalid' };
  }
  if (market) {
    const found = phone(typed, market);
    if (found) return { ok: true, identifier: found };
  }
  const candidates = new Map<string, Identifier>();
  for (const country of COUNTRY_CODES) {
    const found = phone(typed, country);
    if (found) candidates.set(found.value, found);
  }
  const readings = [...candidates.values()];
  if (readings.length === 1 && readings[0]) return { ok: true, identifier: readings[0] };
  if (readings.length > 1) return { ok: false, reason: 'ambiguous', candidates: readings };
  return { ok: false, reason: 'invalid' };
}

export const IDENTIFIER_MESSAGES = {
  invalid: 'Enter an email address or a phone number, e.g. name@example.com or +254 712 345 678',
  ambiguous: 'Add your country code to the phone number, e.g. +254 712 345 678',
} as const;

/** The market named by the X-STORE-ID header, if it names one. */
export function marketOfStoreHeader(header: string | string[] | undefined): CountryCode | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  return isMarket(value) ? value : undefined;
}
