import type { FeaturedResponse } from '@malewa/contracts/catalog/featured';
import { COLLECTIONS, type ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';
import { itemCard, providerCard } from './present-catalog.ts';

const FEATURED_PROVIDERS = 6;
const FEATURED_ITEMS = 8;

/**
 * A service home's shelves (docs/product/catalog.md, featured shelves): the operators' featured
 * shops and items first, then the best-rated providers and the most ordered items, all of them
 * ones that reach the shopper.
 */
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
  // The operators' lists first, in their order, as far as they reach the shopper; the rest of
  // each shelf by rating and popularity.
  const curated = await deps.catalog.featuredOf(market.countryCode, service);
  const providerIds = curated.providers.map((row) => row.id);
  const itemIds = curated.items.map((row) => row.id);
  const inOrder = <T extends { id: string }>(rows: T[], ids: string[]) =>
    [...rows].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const [chosenProviders, chosenItems, providers, items] = await Promise.all([
    providerIds.length === 0
      ? { rows: [] }
      : deps.catalog.listProviders(
          scope,
          { ids: providerIds },
          { offset: 0, limit: FEATURED_PROVIDERS, sort: { field: 'rating', order: 'desc' } },
        ),
    itemIds.length === 0
      ? { rows: [] }
      : deps.catalog.listItems(
          scope,
          { types, ids: itemIds },
          { offset: 0, limit: FEATURED_ITEMS, sort: { field: 'popularity', order: 'desc' } },
        ),
    deps.catalog.listProviders(
      scope,
      { exceptIds: providerIds },
      { offset: 0, limit: FEATURED_PROVIDERS, sort: { field: 'rating', order: 'desc' } },
    ),
    deps.catalog.listItems(
      scope,
      { types, exceptIds: itemIds },
      { offset: 0, limit: FEATURED_ITEMS, sort: { field: 'popularity', order: 'desc' } },
    ),
  ]);
  const shelfOfProviders = [...inOrder(chosenProviders.rows, providerIds), ...providers.rows].slice(
    0,
    FEATURED_PROVIDERS,
  );
  const shelfOfItems = [...inOrder(chosenItems.rows, itemIds), ...items.rows].slice(0, FEATURED_ITEMS);
  return {
    data: {
      providers: shelfOfProviders.map((row) => providerCard(row, market, scope.languages)),
      items: shelfOfItems.map((row) => itemCard(row, market, scope.languages)),
    },
  };
}
