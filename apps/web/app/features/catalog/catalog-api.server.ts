import { CATALOG_ENDPOINTS, collectionEndpoints } from '@malewa/contracts/catalog/catalog-endpoints';
import type { ListItemsRequestInput, ListProvidersRequestInput } from '@malewa/contracts/catalog/list-catalog';
import { listCatalogEntriesEndpoint } from '@malewa/contracts/catalog/list-catalog-entries';
import type { ListFacetsResponse } from '@malewa/contracts/catalog/list-facets';
import {
  type SearchCatalogRequestInput,
  searchCatalogEndpoint,
  suggestCatalogEndpoint,
} from '@malewa/contracts/catalog/search-catalog';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor, apiClientOptionsFor } from '#app/platform/api-client/api-client.server.ts';

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

/** The endpoints of a collection the page's address names, of the kind it lists; else the page's 404. */
function endpointsOf<K extends 'providers' | 'items'>(service: ServiceId, collection: string, kind: K) {
  const endpoints = collectionEndpoints(service, collection);
  if (endpoints?.of !== kind) throw data(null, { status: 404 });
  return endpoints as Extract<NonNullable<typeof endpoints>, { of: K }>;
}

// The queries below are the page address's strings; `call` checks them against the endpoint's
// schema before sending, and refuses (400) what the API would.

export function listProviders(
  context: Context,
  request: Request,
  service: ServiceId,
  collection: string,
  params: URLSearchParams,
) {
  const { list } = endpointsOf(service, collection, 'providers');
  const query = pick(params, LIST_PARAMS) as ListProvidersRequestInput;
  return read(() => apiClientFor(context, request).call(list, { query }));
}

export function listItems(
  context: Context,
  request: Request,
  service: ServiceId,
  collection: string,
  params: URLSearchParams,
) {
  const { list } = endpointsOf(service, collection, 'items');
  const query = pick(params, LIST_PARAMS) as ListItemsRequestInput;
  return read(() => apiClientFor(context, request).call(list, { query }));
}

export function getProvider(
  context: Context,
  request: Request,
  service: ServiceId,
  collection: string,
  slug: string,
  page: number,
) {
  const { get } = endpointsOf(service, collection, 'providers');
  return read(() => apiClientFor(context, request).call(get, { params: { idOrSlug: slug }, query: { page } }));
}

export function getItem(context: Context, request: Request, service: ServiceId, collection: string, slug: string) {
  const { get } = endpointsOf(service, collection, 'items');
  return read(() => apiClientFor(context, request).call(get, { params: { idOrSlug: slug } }));
}

/** A service home's shelves: the operators' featured shops and items first, then the best near the shopper. */
export async function getFeatured(context: Context, request: Request, service: ServiceId) {
  return (await apiClientFor(context, request).call(CATALOG_ENDPOINTS[service].featured, {})).data;
}

export function listOffers(context: Context, request: Request, service: ServiceId) {
  return read(() => apiClientFor(context, request).call(CATALOG_ENDPOINTS[service].offers, {}));
}

const SEARCH_PARAMS = ['q', 'page', 'perPage', 'type', 'category', 'dietary', 'priceBand', 'service'] as const;

export function searchCatalog(
  context: Context,
  request: Request,
  service: ServiceId | undefined,
  params: URLSearchParams,
) {
  const endpoint = service ? CATALOG_ENDPOINTS[service].search : searchCatalogEndpoint;
  const query = pick(params, SEARCH_PARAMS) as SearchCatalogRequestInput;
  return read(() => apiClientFor(context, request).call(endpoint, { query }));
}

export function suggest(context: Context, request: Request, q: string, service: ServiceId | undefined) {
  return apiClientFor(context, request).call(suggestCatalogEndpoint, { query: { q, service } });
}

/** A page of every provider and item shoppers can open, all markets (the sitemap's). */
export function listCatalogEntries(context: Context, request: Request, page: number, perPage?: number) {
  return apiClientFor(context, request).call(listCatalogEntriesEndpoint, { query: { page, perPage } });
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
  const endpoints = collectionEndpoints(service, collection);
  if (!endpoints) return null;
  try {
    const { data } = await apiClientFor(context, request).call(endpoints.facets, {});
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
