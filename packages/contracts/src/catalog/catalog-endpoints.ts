import { featuredEndpoint } from './featured.ts';
import { getItemEndpoint, getProviderEndpoint } from './get-catalog-entry.ts';
import { listItemsEndpoint, listProvidersEndpoint } from './list-catalog.ts';
import { listFacetsEndpoint } from './list-facets.ts';
import { listOffersEndpoint } from './list-offers.ts';
import { searchServiceEndpoint } from './search-catalog.ts';
import { COLLECTIONS, type ItemType, SERVICE_IDS, type ServiceId } from './vocabulary.ts';

/**
 * Each service's catalog endpoints, built from COLLECTIONS: its featured shelves, offers and
 * search, and for each collection its list, one entry and the list's facets
 * (`CATALOG_ENDPOINTS.food.collections.meals.list` is `GET /food/meals`). The API registers
 * every one; the storefront calls them by value, or finds a page's with `collectionEndpoints`.
 */

type Collections = typeof COLLECTIONS;

/** A service's collections by name: `'kitchens' | 'meals'` for food. */
export type CollectionOf<S extends ServiceId> = keyof Collections[S] & string;

export interface ProviderCollectionEndpoints<S extends ServiceId = ServiceId, C extends string = string> {
  readonly service: S;
  readonly collection: C;
  readonly of: 'providers';
  readonly list: ReturnType<typeof listProvidersEndpoint<S, C>>;
  readonly get: ReturnType<typeof getProviderEndpoint<S, C>>;
  readonly facets: ReturnType<typeof listFacetsEndpoint<S, C>>;
}

export interface ItemCollectionEndpoints<S extends ServiceId = ServiceId, C extends string = string> {
  readonly service: S;
  readonly collection: C;
  readonly of: 'items';
  /** The item types the collection lists. */
  readonly types: readonly ItemType[];
  readonly list: ReturnType<typeof listItemsEndpoint<S, C>>;
  readonly get: ReturnType<typeof getItemEndpoint<S, C>>;
  readonly facets: ReturnType<typeof listFacetsEndpoint<S, C>>;
}

/** Any collection's endpoints: `of` tells which. */
export type CollectionEndpoints = ProviderCollectionEndpoints | ItemCollectionEndpoints;

export interface ServiceCatalogEndpoints<S extends ServiceId> {
  readonly featured: ReturnType<typeof featuredEndpoint<S>>;
  readonly offers: ReturnType<typeof listOffersEndpoint<S>>;
  readonly search: ReturnType<typeof searchServiceEndpoint<S>>;
  readonly collections: {
    readonly [C in CollectionOf<S>]: Collections[S][C] extends { of: 'providers' }
      ? ProviderCollectionEndpoints<S, C>
      : ItemCollectionEndpoints<S, C>;
  };
}

function collectionEndpointsOf(service: ServiceId, collection: string): CollectionEndpoints {
  const definition = (
    COLLECTIONS[service] as Record<string, { of: 'providers' } | { of: 'items'; types: readonly ItemType[] }>
  )[collection];
  const facets = listFacetsEndpoint(service, collection);
  if (definition?.of === 'providers') {
    const list = listProvidersEndpoint(service, collection);
    return { service, collection, of: 'providers', list, get: getProviderEndpoint(service, collection), facets };
  }
  const types = definition?.of === 'items' ? definition.types : [];
  const list = listItemsEndpoint(service, collection);
  return { service, collection, of: 'items', types, list, get: getItemEndpoint(service, collection), facets };
}

function serviceEndpointsOf(service: ServiceId) {
  return {
    featured: featuredEndpoint(service),
    offers: listOffersEndpoint(service),
    search: searchServiceEndpoint(service),
    collections: Object.fromEntries(
      Object.keys(COLLECTIONS[service]).map((collection) => [collection, collectionEndpointsOf(service, collection)]),
    ),
  };
}

export const CATALOG_ENDPOINTS = Object.fromEntries(
  SERVICE_IDS.map((service) => [service, serviceEndpointsOf(service)]),
) as unknown as { readonly [S in ServiceId]: ServiceCatalogEndpoints<S> };

/** A service's collections' endpoints, in COLLECTIONS' order. */
export function collectionsOf(service: ServiceId): readonly CollectionEndpoints[] {
  return Object.values(CATALOG_ENDPOINTS[service].collections);
}

/** The endpoints of `/{service}/{collection}`, when the service has that collection. */
export function collectionEndpoints(service: ServiceId, collection: string): CollectionEndpoints | undefined {
  return collectionsOf(service).find((endpoints) => endpoints.collection === collection);
}
