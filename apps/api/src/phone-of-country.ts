import type { CountryCode } from 'libphonenumber-js';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The number in E.164 when it is a valid number of `country`, else undefined. "Of this
 * country" is the rule wherever a number must be reachable there (a rider calls it, a
 * mobile-money prompt goes to it, an applicant is texted): a valid number written with another
 * country's prefix (+27 for a Kenyan address) is not one, though the library reads it as valid.
 */
export function phoneOfCountry(raw: string, country: string): string | undefined {
  const phone = parsePhoneNumberFromString(raw, country as CountryCode);
  return phone?.isValid() && phone.country === country ? phone.number : undefined;
}
