import type { ListProvidersRequest, ListProvidersResponse } from '@malewa/contracts/catalog/list-catalog';
import { listMeta } from '@malewa/contracts/envelope';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';
import { pageOf } from './list-order.ts';
import { providerCard } from './present-catalog.ts';

/**
 * A service's providers (kitchens, stores, chefs, creators, farmers): active ones of the
 * shopper's market that deliver to the shopper's point, with distance, fee and time.
 * Creators publish recipes anyone in the market may read, so their radius does not hide them.
 */
export async function listProviders(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
  query: ListProvidersRequest,
): Promise<ListProvidersResponse> {
  const point =
    query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined;
  const { scope, market } = await resolveScope(deps, { ...shopper, point: point ?? shopper.point }, service);
  if (service === 'cookbook') scope.ignoreRadius = true;
  const page = pageOf(query, scope.point !== undefined);
  const { rows, total } = await deps.catalog.listProviders(scope, query, page);
  return {
    data: rows.map((row) => providerCard(row, market, scope.languages)),
    meta: listMeta(query.page, query.perPage, total),
  };
}
