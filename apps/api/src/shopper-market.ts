import { AppError } from './app-error.ts';

/** What finding the shopper's market needs from the database. */
export interface MarketLookups {
  marketExists(countryCode: string): Promise<boolean>;
  locationCountry(locationId: string): Promise<string | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a header's id can be one of ours (lower-case, as we write them). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The market a request is about: the country of X-STORE-LOCATION (the shopper's chosen place)
 * when it names one of ours, else X-STORE-ID. A header naming nothing we serve is a 400.
 */
export async function marketOfRequest(
  lookups: MarketLookups,
  storeId: string | undefined,
  storeLocation: string | undefined,
): Promise<string> {
  const locationId = storeLocation?.trim();
  if (locationId) {
    const country = isUuid(locationId) ? await lookups.locationCountry(locationId) : undefined;
    if (!country) {
      throw new AppError('VALIDATION_FAILED', 'The X-STORE-LOCATION header names no location we serve', {
        fields: { 'X-STORE-LOCATION': ['Choose a location from GET /api/locations'] },
      });
    }
    return country;
  }
  const countryCode = storeId?.trim().toUpperCase();
  if (!countryCode || !(await lookups.marketExists(countryCode))) {
    throw new AppError('VALIDATION_FAILED', 'Say which market: the X-STORE-ID header (ZA, KE, RW, BW, ZW, MZ)', {
      fields: { 'X-STORE-ID': ['Send a market code such as KE, or X-STORE-LOCATION'] },
    });
  }
  return countryCode;
}
