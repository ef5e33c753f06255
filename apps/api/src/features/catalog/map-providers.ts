import type { MapProvidersRequest, MapProvidersResponse } from '@malewa/contracts/catalog/map-providers';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';
import { providerCard } from './present-catalog.ts';

/** Markers a map shows at most. */
const MAX_MARKERS = 200;

/** Active providers within `radiusKm` of the point, nearest first, whatever their delivery radius. */
export async function mapProviders(
  deps: CatalogDeps,
  shopper: ShopperContext,
  request: MapProvidersRequest,
): Promise<MapProvidersResponse> {
  const point = { latitude: request.lat, longitude: request.lng };
  const { scope, market } = await resolveScope(deps, { ...shopper, point }, request.service ?? 'all');
  scope.point = point;
  scope.ignoreRadius = true;
  const { rows } = await deps.catalog.listProviders(
    scope,
    { maxDistanceKm: request.radiusKm },
    { offset: 0, limit: MAX_MARKERS, sort: { field: 'distance', order: 'asc' } },
  );
  return { data: rows.map((row) => providerCard(row, market, scope.languages)) };
}
