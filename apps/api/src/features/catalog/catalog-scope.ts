import { AppError } from '../../app-error.ts';
import { type ClockDeps, clock } from '../../clock.ts';
import { isUuid } from '../../shopper-market.ts';
import type { CatalogRepository, Market, Point, Scope } from './catalog-repository.ts';

/** What a catalog read says about where the shopper is and which language they read. */
export interface ShopperContext {
  /** X-STORE-ID: the market (a country code). */
  storeId: string | undefined;
  /** X-STORE-LOCATION: the chosen location's id. */
  storeLocation: string | undefined;
  /** The first language of Accept-Language. */
  language: string | undefined;
  /** lat/lng of the query: the shopper's own point, before the location's centre. */
  point: Point | undefined;
}

export interface CatalogDeps extends ClockDeps {
  catalog: CatalogRepository;
}

/**
 * Settles the market, the point and the language order of a catalog read (DESIGN §4): the
 * location names both market and point; otherwise X-STORE-ID names the market and there is
 * no point unless the query gives one. A location in another market than X-STORE-ID wins,
 * since prices must be those of where the shopper is.
 */
export async function resolveScope(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
): Promise<{ scope: Scope; market: Market }> {
  let countryCode = shopper.storeId?.trim().toUpperCase() || undefined;
  let point = shopper.point;
  const locationId = shopper.storeLocation?.trim();
  if (locationId) {
    const location = isUuid(locationId) ? await deps.catalog.location(locationId) : undefined;
    if (!location) {
      throw new AppError('VALIDATION_FAILED', 'The X-STORE-LOCATION header names no location we serve', {
        fields: { 'X-STORE-LOCATION': ['Choose a location from GET /api/locations'] },
      });
    }
    countryCode = location.countryCode;
    point ??= { latitude: location.latitude, longitude: location.longitude };
  }
  const market = countryCode ? await deps.catalog.market(countryCode) : undefined;
  if (!market) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Say which market to show: the X-STORE-ID header (ZA, KE, RW, BW, ZW, MZ)',
      {
        fields: { 'X-STORE-ID': ['Send a market code such as KE, or X-STORE-LOCATION'] },
      },
    );
  }
  const languages = [shopper.language, market.defaultLocale, 'en'].filter(
    (lang, index, all): lang is string => typeof lang === 'string' && lang !== '' && all.indexOf(lang) === index,
  );
  return { scope: { countryCode: market.countryCode, service, point, languages, now: clock(deps) }, market };
}
