import type { SuggestCatalogRequest, SuggestCatalogResponse } from '@malewa/contracts/catalog/search-catalog';
import { pickText } from '#api/localized-text.ts';
import { resolveScope, type ShopperContext } from './catalog-scope.ts';
import type { SearchDeps } from './search-catalog.ts';
import { queryWords } from './search-words.ts';

/** Suggestions the header's search box offers while the shopper types. */
const SUGGESTIONS = 8;

/**
 * Names of providers and items for the autocomplete: the same typo-tolerant matching as the
 * search, the last word as a prefix; the best few, each name once.
 */
export async function suggestCatalog(
  deps: SearchDeps,
  shopper: ShopperContext,
  request: SuggestCatalogRequest,
): Promise<SuggestCatalogResponse> {
  const words = queryWords(request.q);
  if (words.length === 0) return { data: [] };
  const { scope } = await resolveScope(deps, shopper, request.service ?? 'all');
  const expanded = await deps.search.expand(words);
  const [providers, found] = await Promise.all([
    deps.search.suggestProviders(scope, expanded, request.service, 3),
    deps.search.suggestItems(scope, expanded, request.service, SUGGESTIONS * 2),
  ]);
  const seen = new Set<string>();
  const suggestions: SuggestCatalogResponse['data'] = [];
  for (const provider of providers) {
    if (seen.has(provider.name.toLowerCase())) continue;
    seen.add(provider.name.toLowerCase());
    suggestions.push({
      text: provider.name,
      lang: scope.languages[0] ?? 'en',
      kind: 'provider',
      service: provider.service as SuggestCatalogResponse['data'][number]['service'],
      type: null,
      slug: provider.slug,
    });
  }
  for (const item of found) {
    const name = pickText(item.name, scope.languages);
    if (seen.has(name.text.toLowerCase())) continue;
    seen.add(name.text.toLowerCase());
    suggestions.push({
      text: name.text,
      lang: name.lang,
      kind: 'item',
      service: item.service as SuggestCatalogResponse['data'][number]['service'],
      type: item.type as SuggestCatalogResponse['data'][number]['type'],
      slug: item.slug,
    });
  }
  return { data: suggestions.slice(0, SUGGESTIONS) };
}
