import type { GetProviderQuery, GetProviderResponse } from '@malewa/contracts/catalog/get-catalog-entry';
import { listMeta } from '@malewa/contracts/envelope';
import { wallClock } from '@malewa/contracts/zoned-time';
import { AppError } from '#api/app-error.ts';
import type { CatalogDeps, ShopperContext } from './catalog-scope.ts';
import { findEntry } from './find-entry.ts';
import { itemCard, providerCard } from './present-catalog.ts';

/** Items a provider page shows at a time, grouped by category. */
export const PROVIDER_PAGE_ITEMS = 48;

/**
 * One provider of the service with its hours and its items, grouped by category a page at a
 * time. A provider that does not deliver to the shopper, even one in another market, is still
 * shown (with its distance), so a shared link works; suspended and pending ones are 404.
 */
export async function getProvider(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
  idOrSlug: string,
  query: GetProviderQuery,
): Promise<GetProviderResponse> {
  const point =
    query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined;
  const entry = await findEntry(
    deps,
    { ...shopper, point: point ?? shopper.point },
    service,
    (scope) => deps.catalog.findProvider(scope, idOrSlug),
    () => deps.catalog.providerMarket(service, idOrSlug),
  );
  if (!entry) throw new AppError('NOT_FOUND', 'No such provider');
  const { row: provider, scope, market } = entry;
  const { rows, total } = await deps.catalog.listItems(
    { ...scope, ignoreRadius: true },
    {
      types: ['meal', 'product', 'experience', 'recipe', 'ingredient', 'produce'],
      provider: provider.slug,
    },
    {
      offset: (query.page - 1) * PROVIDER_PAGE_ITEMS,
      limit: PROVIDER_PAGE_ITEMS,
      sort: { field: 'popularity', order: 'desc' },
    },
  );
  const groups = new Map<string, ReturnType<typeof itemCard>[]>();
  for (const row of rows) {
    const group = groups.get(row.category) ?? [];
    group.push(itemCard(row, market, scope.languages));
    groups.set(row.category, group);
  }
  return {
    data: {
      ...providerCard(provider, market, scope.languages),
      street: provider.street,
      timezone: provider.timezone,
      hours: provider.hours,
      closedDates: provider.closedDates.filter((date) => date >= wallClock(scope.now, provider.timezone).date),
      items: {
        groups: [...groups].map(([category, items]) => ({ category, items })),
        meta: listMeta(query.page, PROVIDER_PAGE_ITEMS, total),
      },
    },
  };
}
