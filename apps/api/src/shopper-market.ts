import { AppError } from './app-error.ts';

/** What finding the shopper's place needs from the database. */
export interface PlaceLookups<M extends { countryCode: string; defaultLocale: string }> {
  /** A market by its country code. */
  market(countryCode: string): Promise<M | undefined>;
  /** A location we serve (an active one): its market and centre. */
  location(id: string): Promise<{ countryCode: string; latitude: number; longitude: number } | undefined>;
}

/** What a request says about where the shopper is and what they read. */
export interface PlaceHeaders {
  /** X-STORE-ID: the market (a country code). */
  storeId: string | undefined;
  /** X-STORE-LOCATION: the chosen location's id, whose market wins over X-STORE-ID. */
  storeLocation: string | undefined;
  /** The first language of Accept-Language. */
  language: string | undefined;
}

export interface ShopperPlace<M> {
  market: M;
  /** The chosen location's centre; null when only the market is known. */
  centre: { latitude: number; longitude: number } | null;
  /** The shopper's language, then the market's, then English: the order catalog texts are picked in. */
  languages: string[];
}

/** The request headers that name the shopper's place: the only fields `shopperPlace` refuses. */
const MARKET_FIELD = 'X-STORE-ID';
const LOCATION_FIELD = 'X-STORE-LOCATION';
const PLACE_FIELDS = new Set([MARKET_FIELD, LOCATION_FIELD]);

/**
 * Whether an error is `shopperPlace` refusing the request's place: a caller that can do without
 * the market (the header's cart counts) tells it apart from every other invalid input.
 */
export function isPlaceRefused(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.code === 'VALIDATION_FAILED' &&
    error.fields !== undefined &&
    Object.keys(error.fields).length > 0 &&
    Object.keys(error.fields).every((field) => PLACE_FIELDS.has(field))
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Where a request's shopper is (docs/product/catalog.md, markets and places), the one rule for
 * every route that needs it: the location (X-STORE-LOCATION) names both the market and a point,
 * and wins over X-STORE-ID, since prices must be those of where the shopper is; without one,
 * X-STORE-ID names the market and there is no point. A header naming nothing we serve is a 400
 * on its field.
 */
export async function shopperPlace<M extends { countryCode: string; defaultLocale: string }>(
  lookups: PlaceLookups<M>,
  headers: PlaceHeaders,
): Promise<ShopperPlace<M>> {
  let countryCode = headers.storeId?.trim().toUpperCase() || undefined;
  let centre: ShopperPlace<M>['centre'] = null;
  const locationId = headers.storeLocation?.trim();
  if (locationId) {
    // Only an id as we write them (lower-case) is looked up.
    const location = UUID.test(locationId) ? await lookups.location(locationId) : undefined;
    if (!location) {
      throw new AppError('VALIDATION_FAILED', 'The X-STORE-LOCATION header names no location we serve', {
        fields: { [LOCATION_FIELD]: ['Choose a location from GET /api/locations'] },
      });
    }
    countryCode = location.countryCode;
    centre = { latitude: location.latitude, longitude: location.longitude };
  }
  const market = countryCode ? await lookups.market(countryCode) : undefined;
  if (!market) {
    throw new AppError('VALIDATION_FAILED', 'Say which market: the X-STORE-ID header (ZA, KE, RW, BW, ZW, MZ)', {
      fields: { [MARKET_FIELD]: ['Send a market code such as KE, or X-STORE-LOCATION'] },
    });
  }
  const languages = [headers.language, market.defaultLocale, 'en'].filter(
    (lang, index, all): lang is string => typeof lang === 'string' && lang !== '' && all.indexOf(lang) === index,
  );
  return { market, centre, languages };
}
