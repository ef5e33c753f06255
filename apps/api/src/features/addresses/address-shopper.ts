import { AppError } from '#api/app-error.ts';
import { phoneOfCountry } from '#api/phone-of-country.ts';
import type { PlaceHeaders } from '#api/shopper-market.ts';

/** Who and where: the signed-in shopper and the market of their request. */
export interface AddressShopper extends PlaceHeaders {
  userId: string;
}

/** A rider must be able to call the number: one of the address's country, stored as written. */
export function checkPhone(phone: string, countryCode: string): void {
  if (!phoneOfCountry(phone, countryCode)) {
    throw new AppError('VALIDATION_FAILED', 'Enter a phone number of this country the rider can call', {
      fields: { phone: ['Enter a phone number of this country'] },
    });
  }
}
