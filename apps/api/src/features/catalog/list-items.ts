import type { ListItemsRequest, ListItemsResponse } from '@malewa/contracts/catalog/list-catalog';
import { listMeta } from '@malewa/contracts/envelope';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';
import { pageOf } from './list-order.ts';
import { itemCard } from './present-catalog.ts';

/**
 * A service's items of the collection's types (meals, products, experiences, recipes,
 * ingredients, produces) from active providers that deliver to the shopper's point. Recipes
 * are read, not delivered: they list whatever the distance.
 */
export async function listItems(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
  types: readonly string[],
  query: ListItemsRequest,
): Promise<ListItemsResponse> {
  const point =
    query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined;
  const { scope, market } = await resolveScope(deps, { ...shopper, point: point ?? shopper.point }, service);
  if (types.includes('recipe')) scope.ignoreRadius = true;
  const page = pageOf(query, scope.point !== undefined);
  const { rows, total } = await deps.catalog.listItems(scope, { ...query, types }, page);
  return {
    data: rows.map((row) => itemCard(row, market, scope.languages)),
    meta: listMeta(query.page, query.perPage, total),
  };
}
