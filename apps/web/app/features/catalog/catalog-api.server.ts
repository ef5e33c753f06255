import { ZFeaturedResponseSchema } from '@malewa/contracts/catalog/featured';
import { ZGetItemResponseSchema, ZGetProviderResponseSchema } from '@malewa/contracts/catalog/get-catalog-entry';
import { ZListItemsResponseSchema, ZListProvidersResponseSchema } from '@malewa/contracts/catalog/list-catalog';
import { ZListCatalogEntriesResponseSchema } from '@malewa/contracts/catalog/list-catalog-entries';
import { type ListFacetsResponse, ZListFacetsResponseSchema } from '@malewa/contracts/catalog/list-facets';
import { ZListOffersResponseSchema } from '@malewa/contracts/catalog/list-offers';
import { ZSearchCatalogResponseSchema, ZSuggestCatalogResponseSchema } from '@malewa/contracts/catalog/search-catalog';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor, apiClientOptionsFor } from '../../platform/api-client/api-client.server.ts';

/**
 * The catalog's calls to the API, one per read, for the catalog's loaders. Only the query
 * parameters each read knows are passed on, so a page address cannot smuggle others in. An
 * API 404 becomes the page's 404, a 400 (a filter the API refuses) is returned as data with
 * its field errors, anything else goes to the error boundary.
 */
type Context = Readonly<RouterContextProvider>;

const LIST_PARAMS = [
  'page',
  'perPage',
  'sortBy',
  'order',
  'searchKeyword',
  'category',
  'tags',
  'dietary',
  'ratingMin',
  'openNow',
  'maxDistanceKm',
  'priceMin',
  'priceMax',
  'provider',
] as const;

function pick(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of names) {
    const values = params.getAll(name).filter((value) => value !== '');
    if (values.length > 0) query[name] = values.join(',');
  }
  return query;
}

export type Refusal = { refused: { status: number; errors: ApiError['errors'] } };

async function read<T>(call: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof ApiError && error.status === 400) return { refused: { status: 400, errors: error.errors } };
    throw error;
  }
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

export function listProviders(
  context: Context,
  request: Request,
  service: ServiceId,
  collection: string,
  params: URLSearchParams,
) {
  return read(() =>
    apiClientFor(context, request).get(
      `/${service}/${collection}`,
      ZListProvidersResponseSchema,
      pick(params, LIST_PARAMS),
    ),
  );
}

export function listItems(
  context: Context,
  request: Request,
  service: ServiceId,
  collection: string,
  params: URLSearchParams,
) {
  return read(() =>
    apiClientFor(context, request).get(
      `/${service}/${collection}`,
      ZListItemsResponseSchema,
      pick(params, LIST_PARAMS),
    ),
  );
}

export function getProvider(
  context: Context,
  request: Request,
  service: ServiceId,
  collection: string,
  slug: string,
  page: number,
) {
  return read(() =>
    apiClientFor(context, request).get(
      `/${service}/${collection}/${encodeURIComponent(slug)}`,
      ZGetProviderResponseSchema,
      {
        page,
      },
    ),
  );
}

export function getItem(context: Context, request: Request, service: ServiceId, collection: string, slug: string) {
  return read(() =>
    apiClientFor(context, request).get(`/${service}/${collection}/${encodeURIComponent(slug)}`, ZGetItemResponseSchema),
  );
}

/** A service home's shelves: the operators' featured shops and items first, then the best near the shopper. */
export async function getFeatured(context: Context, request: Request, service: ServiceId) {
  return (await apiClientFor(context, request).get(`/${service}/featured`, ZFeaturedResponseSchema)).data;
}

export function listOffers(context: Context, request: Request, service: ServiceId) {
  return read(() => apiClientFor(context, request).get(`/${service}/offers`, ZListOffersResponseSchema));
}

const SEARCH_PARAMS = ['q', 'page', 'perPage', 'type', 'category', 'dietary', 'priceBand', 'service'] as const;

export function searchCatalog(
  context: Context,
  request: Request,
  service: ServiceId | undefined,
  params: URLSearchParams,
) {
  return read(() =>
    apiClientFor(context, request).get(
      service ? `/${service}/search` : '/search',
      ZSearchCatalogResponseSchema,
      pick(params, SEARCH_PARAMS),
    ),
  );
}

export function suggest(context: Context, request: Request, q: string, service: ServiceId | undefined) {
  return apiClientFor(context, request).get('/search/suggest', ZSuggestCatalogResponseSchema, { q, service });
}

/** A page of every provider and item shoppers can open, all markets (the sitemap's). */
export function listCatalogEntries(context: Context, request: Request, page: number, perPage?: number) {
  return apiClientFor(context, request).get('/catalog/entries', ZListCatalogEntriesResponseSchema, {
    page: String(page),
    ...(perPage ? { perPage: String(perPage) } : {}),
  });
}

/**
 * The categories and tags a list can be narrowed to where the shopper is. Only the filters
 * need it: when it fails, the list shows without them rather than failing too. The API lets
 * anyone keep them a minute (Cache-Control), and every list page of a place asks for the same:
 * kept here for that minute, per service, collection, place and market.
 */
export async function listFacets(context: Context, request: Request, service: ServiceId, collection: string) {
  const { storeId, storeLocation } = apiClientOptionsFor(context, request);
  const key = `${service}/${collection} ${storeLocation} ${storeId}`;
  const kept = FACETS.get(key);
  if (kept && kept.until > Date.now()) return kept.facets;
  try {
    const { data } = await apiClientFor(context, request).get(
      `/${service}/facets/${collection}`,
      ZListFacetsResponseSchema,
    );
    if (FACETS.size >= MAX_KEPT_FACETS) FACETS.clear();
    FACETS.set(key, { facets: data, until: Date.now() + FACETS_TTL_MS });
    return data;
  } catch (error) {
    console.error(`web: the ${service} ${collection} facets failed:`, error);
    return null;
  }
}

const FACETS_TTL_MS = 60_000;
/** Far above the places × collections there are (19 × 11); a flood of made-up scopes only empties it. */
const MAX_KEPT_FACETS = 1000;
const FACETS = new Map<string, { facets: ListFacetsResponse['data']; until: number }>();
