import { type ClockDeps, clock } from '#api/clock.ts';
import { type PlaceHeaders, shopperPlace } from '#api/shopper-market.ts';
import type { CatalogRepository, Market, Point, Scope } from './catalog-repository.ts';

/** What a catalog read says about where the shopper is and which language they read. */
export interface ShopperContext extends PlaceHeaders {
  /** lat/lng of the query: the shopper's own point, before the location's centre. */
  point: Point | undefined;
}

export interface CatalogDeps extends ClockDeps {
  catalog: CatalogRepository;
}

/**
 * Settles the market, the point and the language order of a catalog read (`shopperPlace`):
 * the query's own lat/lng, when given, is the point before the location's centre.
 */
export async function resolveScope(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
): Promise<{ scope: Scope; market: Market }> {
  const { market, centre, languages } = await shopperPlace(deps.catalog, shopper);
  const point = shopper.point ?? centre ?? undefined;
  return { scope: { countryCode: market.countryCode, service, point, languages, now: clock(deps) }, market };
}
