import type { Market, Scope } from './catalog-repository.ts';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';

/**
 * An entry (a provider or an item) by its address, which names no market: a shared link or a
 * crawler from the sitemap opens it whatever market the visitor browses (slugs are unique
 * across markets, migration 0008). Looked up in the shopper's market first, else in the market
 * it belongs to, and then shown as that market shows it: its currency, its language fallback.
 * The shopper's point stays, so the page still says how far away it is.
 */
export async function findEntry<T>(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
  find: (scope: Scope) => Promise<T | undefined>,
  marketOf: () => Promise<string | undefined>,
): Promise<{ row: T; scope: Scope; market: Market } | undefined> {
  const here = await resolveScope(deps, shopper, service);
  const row = await find(here.scope);
  if (row !== undefined) return { row, ...here };
  const countryCode = await marketOf();
  if (!countryCode || countryCode === here.scope.countryCode) return undefined;
  const there = await resolveScope(
    deps,
    { ...shopper, storeId: countryCode, storeLocation: undefined, point: here.scope.point },
    service,
  );
  const found = await find(there.scope);
  return found === undefined ? undefined : { row: found, ...there };
}
