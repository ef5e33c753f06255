import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { SearchCatalogRequest, SearchCatalogResponse } from '@malewa/contracts/catalog/search-catalog';
import { currencyDigits } from '@malewa/contracts/currencies';
import { listMeta } from '@malewa/contracts/envelope';
import type { Market, Scope } from './catalog-repository.ts';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';
import type { CatalogSearchRepository, ExpandedWord, PriceBand, SearchFilters } from './catalog-search-repository.ts';
import { itemCard, providerCard } from './present-catalog.ts';
import { queryWords } from './search-words.ts';

export interface SearchDeps extends CatalogDeps {
  search: CatalogSearchRepository;
}

/** Providers shown above the items on the first page. */
const TOP_PROVIDERS = 6;

/** About the price of a meal out, in major units: price bands are halves and multiples of it. */
const TYPICAL_PRICE: Record<string, number> = { ZAR: 100, KES: 500, RWF: 5000, BWP: 100, USD: 5, ZWG: 130, MZN: 300 };

export function priceBands(market: Market): PriceBand[] {
  const typical = (TYPICAL_PRICE[market.currency] ?? 100) * 10 ** currencyDigits(market.currency);
  return [
    { min: 0, max: typical / 2 },
    { min: typical / 2, max: typical },
    { min: typical, max: typical * 3 },
    { min: typical * 3, max: null },
  ];
}

/**
 * Search of one service or all five (`service` undefined): typo-tolerant (catalog-search-
 * repository.ts), ranked, with facets over every match and, when nothing matches, a spelling
 * nearby that does. Whatever `q` holds, the answer is a result, never a 5xx.
 */
export async function searchCatalog(
  deps: SearchDeps,
  shopper: ShopperContext,
  service: string | undefined,
  request: SearchCatalogRequest,
): Promise<SearchCatalogResponse> {
  const point =
    request.lat !== undefined && request.lng !== undefined
      ? { latitude: request.lat, longitude: request.lng }
      : undefined;
  const { scope, market } = await resolveScope(deps, { ...shopper, point: point ?? shopper.point }, service ?? 'all');
  const words = queryWords(request.q);
  const bands = priceBands(market);
  const band = request.priceBand === undefined ? undefined : bands[request.priceBand];
  const filters: SearchFilters = {
    service: service ?? request.service,
    type: request.type,
    category: request.category,
    dietary: request.dietary,
    price: band,
  };
  const expanded = words.length > 0 ? await deps.search.expand(words) : [];
  const offset = (request.page - 1) * request.perPage;
  const found = await deps.search.searchPage(
    scope,
    expanded,
    filters,
    { offset, limit: request.perPage, providers: request.page === 1 ? TOP_PROVIDERS : 0 },
    bands,
  );
  const { facets, providers } = found;
  const didYouMean =
    words.length > 0 && found.total === 0 && providers.length === 0
      ? await suggestSpelling(deps, scope, expanded, filters)
      : null;
  const money = (amount: number): Money => ({ amount, currency: market.currency as Money['currency'] });
  return {
    data: {
      query: words.join(' '),
      providers: providers.map((row) => providerCard(row, market, scope.languages)),
      items: found.rows.map((row) => itemCard(row, market, scope.languages)),
    },
    meta: {
      ...listMeta(request.page, request.perPage, found.total),
      facets: {
        services: facets.services,
        types: facets.types,
        categories: facets.categories,
        dietary: facets.dietary,
        priceBands: bands.map((entry, index) => ({
          key: index,
          min: money(entry.min),
          max: entry.max === null ? null : money(entry.max),
          count: facets.priceBands[index] ?? 0,
        })),
      },
      didYouMean,
    },
  };
}

/** How many spellings "did you mean" tries, each a search of its own (only when nothing matched). */
const SPELLINGS_TRIED = 3;

/**
 * Each word the catalog has no match for replaced by its nearest catalog word, if that finds
 * something here; else by the next nearest, up to SPELLINGS_TRIED. The catalog's words are those
 * of every market and of hidden items too, so the nearest may find nothing in this market.
 */
async function suggestSpelling(
  deps: SearchDeps,
  scope: Scope,
  expanded: readonly ExpandedWord[],
  filters: SearchFilters,
): Promise<string | null> {
  const candidates = await Promise.all(
    expanded.map(async (word) =>
      word.variants.length > 0 ? [word.word] : await deps.search.nearest(word.word, SPELLINGS_TRIED),
    ),
  );
  const typed = expanded.map((word) => word.word).join(' ');
  const tried = new Set([typed]);
  for (let round = 0; round < SPELLINGS_TRIED; round += 1) {
    const replaced = expanded.map((word, index) => {
      const own = candidates[index] ?? [];
      return own[Math.min(round, own.length - 1)] ?? word.word;
    });
    const suggestion = replaced.join(' ');
    if (tried.has(suggestion)) continue;
    tried.add(suggestion);
    const again = await deps.search.expand(replaced);
    if ((await deps.search.countItems(scope, again, { service: filters.service })) > 0) return suggestion;
  }
  return null;
}
