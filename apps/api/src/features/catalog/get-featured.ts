import type { FeaturedResponse } from '@malewa/contracts/catalog/featured';
import { COLLECTIONS, type ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';
import { itemCard, providerCard } from './present-catalog.ts';

const FEATURED_PROVIDERS = 6;
const FEATURED_ITEMS = 8;

/** A service home's shelves: the best-rated providers and the most ordered items that reach the shopper. */
export async function getFeatured(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: ServiceId,
): Promise<FeaturedResponse> {
  const { scope, market } = await resolveScope(deps, shopper, service);
  if (service === 'cookbook') scope.ignoreRadius = true;
  const types = Object.values(COLLECTIONS[service]).flatMap((collection) =>
    collection.of === 'items' ? [...collection.types] : [],
  );
  const [providers, items] = await Promise.all([
    deps.catalog.listProviders(
      scope,
      {},
      { offset: 0, limit: FEATURED_PROVIDERS, sort: { field: 'rating', order: 'desc' } },
    ),
    deps.catalog.listItems(
      scope,
      { types },
      { offset: 0, limit: FEATURED_ITEMS, sort: { field: 'popularity', order: 'desc' } },
    ),
  ]);
  return {
    data: {
      providers: providers.rows.map((row) => providerCard(row, market, scope.languages)),
      items: items.rows.map((row) => itemCard(row, market, scope.languages)),
    },
  };
}
