import { hash } from 'node:crypto';
import { ZFeaturedResponseSchema } from '@malewa/contracts/catalog/featured';
import {
  ZGetCatalogEntryParamsSchema,
  ZGetItemQuerySchema,
  ZGetItemResponseSchema,
  ZGetProviderQuerySchema,
  ZGetProviderResponseSchema,
} from '@malewa/contracts/catalog/get-catalog-entry';
import {
  ZListItemsRequestSchema,
  ZListItemsResponseSchema,
  ZListProvidersRequestSchema,
  ZListProvidersResponseSchema,
} from '@malewa/contracts/catalog/list-catalog';
import {
  ZListCatalogEntriesRequestSchema,
  ZListCatalogEntriesResponseSchema,
} from '@malewa/contracts/catalog/list-catalog-entries';
import { ZListFacetsResponseSchema } from '@malewa/contracts/catalog/list-facets';
import { ZListOffersResponseSchema } from '@malewa/contracts/catalog/list-offers';
import { ZMapProvidersRequestSchema, ZMapProvidersResponseSchema } from '@malewa/contracts/catalog/map-providers';
import {
  ZSearchCatalogRequestSchema,
  ZSearchCatalogResponseSchema,
  ZSuggestCatalogRequestSchema,
  ZSuggestCatalogResponseSchema,
} from '@malewa/contracts/catalog/search-catalog';
import { COLLECTIONS, SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZStoreHeadersSchema } from '@malewa/contracts/request-headers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import { header, placeHeaders } from '../../request-headers.ts';
import type { CatalogRepository } from './catalog-repository.ts';
import type { ShopperContext } from './catalog-scope.ts';
import type { CatalogSearchRepository } from './catalog-search-repository.ts';
import { getFeatured } from './get-featured.ts';
import { getItem } from './get-item.ts';
import { getProvider } from './get-provider.ts';
import { listCatalogEntries } from './list-catalog-entries.ts';
import { listFacets } from './list-facets.ts';
import { listItems } from './list-items.ts';
import { listOffers } from './list-offers.ts';
import { listProviders } from './list-providers.ts';
import { mapProviders } from './map-providers.ts';
import { searchCatalog } from './search-catalog.ts';
import { suggestCatalog } from './suggest-catalog.ts';

const errors = { 400: ZErrorResponseSchema, 404: ZErrorResponseSchema };

function shopperOf(request: FastifyRequest): ShopperContext {
  return { ...placeHeaders(request), point: undefined };
}

/**
 * The catalog of each service (DESIGN §4): `GET /{service}/{collection}` and
 * `GET /{service}/{collection}/{idOrSlug}`, one pair per collection so each has its own sort
 * fields and answer in the OpenAPI document. Reads are cacheable: an ETag on every answer
 * (304 when it matches), and anonymous answers may be kept a minute by shared caches.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogRepository;
  search: CatalogSearchRepository;
  now?: Clock | undefined;
}> = async (app, deps) => {
  app.addHook('onSend', async (request, reply, payload) => {
    // HEAD answers with GET's headers, so a cache can check its copy without the body.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `W/"${hash('sha256', payload, 'base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    reply.header('vary', 'Accept-Language, X-STORE-ID, X-STORE-LOCATION, Authorization');
    reply.header(
      'cache-control',
      request.headers.authorization ? 'private, no-cache' : 'public, max-age=60, stale-while-revalidate=300',
    );
    if (header(request, 'if-none-match') === etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        headers: ZStoreHeadersSchema,
        summary: 'Search all five services (the header search box)',
        querystring: ZSearchCatalogRequestSchema,
        response: { 200: ZSearchCatalogResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    (request) => searchCatalog(deps, shopperOf(request), undefined, request.query),
  );
  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        headers: ZStoreHeadersSchema,
        summary: 'Names to complete what the shopper is typing',
        querystring: ZSuggestCatalogRequestSchema,
        response: { 200: ZSuggestCatalogResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    (request) => suggestCatalog(deps, shopperOf(request), request.query),
  );

  app.get(
    '/map',
    {
      schema: {
        tags: ['catalog'],
        headers: ZStoreHeadersSchema,
        summary: 'Providers near a point, with their distance (the map view)',
        querystring: ZMapProvidersRequestSchema,
        response: { 200: ZMapProvidersResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    (request) => mapProviders(deps, shopperOf(request), request.query),
  );

  app.get(
    '/catalog/entries',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every provider and item a shopper can open, all markets, a page at a time (the sitemap)',
        querystring: ZListCatalogEntriesRequestSchema,
        response: { 200: ZListCatalogEntriesResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    (request) => listCatalogEntries(deps, request.query),
  );

  for (const service of SERVICE_IDS) {
    app.get(
      `/${service}/featured`,
      {
        schema: {
          tags: [`catalog: ${service}`],
          headers: ZStoreHeadersSchema,
          summary: `Featured ${service} providers and items near the shopper`,
          response: { 200: ZFeaturedResponseSchema, 400: ZErrorResponseSchema },
        },
      },
      (request) => getFeatured(deps, shopperOf(request), service),
    );
    app.get(
      `/${service}/offers`,
      {
        schema: {
          tags: [`catalog: ${service}`],
          headers: ZStoreHeadersSchema,
          summary: `Running ${service} offers and coupons`,
          response: { 200: ZListOffersResponseSchema, 400: ZErrorResponseSchema },
        },
      },
      (request) => listOffers(deps, shopperOf(request), service),
    );
    app.get(
      `/${service}/search`,
      {
        schema: {
          tags: [`catalog: ${service}`],
          headers: ZStoreHeadersSchema,
          summary: `Search ${service}`,
          querystring: ZSearchCatalogRequestSchema,
          response: { 200: ZSearchCatalogResponseSchema, 400: ZErrorResponseSchema },
        },
      },
      (request) => searchCatalog(deps, shopperOf(request), service, request.query),
    );
    for (const [collection, definition] of Object.entries(COLLECTIONS[service])) {
      const tags = [`catalog: ${service}`];
      app.get(
        `/${service}/facets/${collection}`,
        {
          schema: {
            tags,
            headers: ZStoreHeadersSchema,
            summary: `The categories and tags the ${service} ${collection} list can be filtered by, near the shopper`,
            response: { 200: ZListFacetsResponseSchema, 400: ZErrorResponseSchema },
          },
        },
        (request) => listFacets(deps, shopperOf(request), service, definition),
      );
      if (definition.of === 'providers') {
        app.get(
          `/${service}/${collection}`,
          {
            schema: {
              tags,
              headers: ZStoreHeadersSchema,
              summary: `List ${service} ${collection}`,
              querystring: ZListProvidersRequestSchema,
              response: { 200: ZListProvidersResponseSchema, 400: ZErrorResponseSchema },
            },
          },
          (request) => listProviders(deps, shopperOf(request), service, request.query),
        );
        app.get(
          `/${service}/${collection}/:idOrSlug`,
          {
            schema: {
              tags,
              headers: ZStoreHeadersSchema,
              summary: `One of the ${service} ${collection}, with its hours and items`,
              params: ZGetCatalogEntryParamsSchema,
              querystring: ZGetProviderQuerySchema,
              response: { 200: ZGetProviderResponseSchema, ...errors },
            },
          },
          (request) => getProvider(deps, shopperOf(request), service, request.params.idOrSlug, request.query),
        );
      } else {
        const types = definition.types;
        app.get(
          `/${service}/${collection}`,
          {
            schema: {
              tags,
              headers: ZStoreHeadersSchema,
              summary: `List ${service} ${collection}`,
              querystring: ZListItemsRequestSchema,
              response: { 200: ZListItemsResponseSchema, 400: ZErrorResponseSchema },
            },
          },
          (request) => listItems(deps, shopperOf(request), service, types, request.query),
        );
        app.get(
          `/${service}/${collection}/:idOrSlug`,
          {
            schema: {
              tags,
              headers: ZStoreHeadersSchema,
              summary: `One of the ${service} ${collection}`,
              params: ZGetCatalogEntryParamsSchema,
              querystring: ZGetItemQuerySchema,
              response: { 200: ZGetItemResponseSchema, ...errors },
            },
          },
          (request) => getItem(deps, shopperOf(request), service, types, request.params.idOrSlug, request.query),
        );
      }
    }
  }
};
