import { type ListFacetsResponse, MAX_FACET_TAGS } from '@malewa/contracts/catalog/list-facets';
import { ITEM_TYPES } from '@malewa/contracts/catalog/vocabulary';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';

/**
 * The categories and commonest tags a collection's list can be filtered by, where the shopper
 * is: counted in items for an item collection, in providers for a provider collection.
 */
export async function listFacets(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
  collection: { of: 'providers' } | { of: 'items'; types: readonly string[] },
): Promise<ListFacetsResponse> {
  const { scope } = await resolveScope(deps, shopper, service);
  const types = collection.of === 'items' ? collection.types : ITEM_TYPES;
  if (types.includes('recipe') && collection.of === 'items') scope.ignoreRadius = true;
  const counts = await deps.catalog.countFacets(scope, types, collection.of);
  const ranked = (facet: 'category' | 'tag') =>
    counts
      .filter((row) => row.facet === facet)
      .map((row) => ({ key: row.key, count: Number(row.count) }))
      .sort((x, y) => y.count - x.count || x.key.localeCompare(y.key));
  return { data: { categories: ranked('category'), tags: ranked('tag').slice(0, MAX_FACET_TAGS) } };
}
