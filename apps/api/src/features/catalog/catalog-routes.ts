import { hash } from 'node:crypto';
import { CATALOG_ENDPOINTS, collectionsOf } from '@malewa/contracts/catalog/catalog-endpoints';
import { listCatalogEntriesEndpoint } from '@malewa/contracts/catalog/list-catalog-entries';
import { mapProvidersEndpoint } from '@malewa/contracts/catalog/map-providers';
import { searchCatalogEndpoint, suggestCatalogEndpoint } from '@malewa/contracts/catalog/search-catalog';
import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '#api/clock.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { header, placeHeaders } from '#api/request-headers.ts';
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

function shopperOf(request: FastifyRequest): ShopperContext {
  return { ...placeHeaders(request), point: undefined };
}

/**
 * The catalog of each service (docs/product/catalog.md, collections):
 * `GET /{service}/{collection}` and `GET /{service}/{collection}/{idOrSlug}`, one pair per
 * collection so each has its own sort fields and answer in the OpenAPI document. Reads are
 * cacheable: an ETag on every answer (304 when it matches), and anonymous answers may be kept a
 * minute by shared caches.
 */
export const catalogRoutes: FastifyPluginAsync<{
  catalog: CatalogRepository;
  search: CatalogSearchRepository;
  now?: Clock | undefined;
}> = async (app, deps) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, withEtag(request, reply, payload));
  });

  registerEndpoint(app, searchCatalogEndpoint, {
    handler: (request) => searchCatalog(deps, shopperOf(request), undefined, request.query),
  });
  registerEndpoint(app, suggestCatalogEndpoint, {
    handler: (request) => suggestCatalog(deps, shopperOf(request), request.query),
  });
  registerEndpoint(app, mapProvidersEndpoint, {
    handler: (request) => mapProviders(deps, shopperOf(request), request.query),
  });
  registerEndpoint(app, listCatalogEntriesEndpoint, { handler: (request) => listCatalogEntries(deps, request.query) });

  for (const service of SERVICE_IDS) {
    const endpoints = CATALOG_ENDPOINTS[service];
    registerEndpoint(app, endpoints.featured, { handler: (request) => getFeatured(deps, shopperOf(request), service) });
    registerEndpoint(app, endpoints.offers, { handler: (request) => listOffers(deps, shopperOf(request), service) });
    registerEndpoint(app, endpoints.search, {
      handler: (request) => searchCatalog(deps, shopperOf(request), service, request.query),
    });
    for (const collection of collectionsOf(service)) {
      registerEndpoint(app, collection.facets, {
        handler: (request) => listFacets(deps, shopperOf(request), service, collection),
      });
      if (collection.of === 'providers') {
        registerEndpoint(app, collection.list, {
          handler: (request) => listProviders(deps, shopperOf(request), service, request.query),
        });
        registerEndpoint(app, collection.get, {
          handler: (request) => getProvider(deps, shopperOf(request), service, request.params.idOrSlug, request.query),
        });
      } else {
        const types = collection.types;
        registerEndpoint(app, collection.list, {
          handler: (request) => listItems(deps, shopperOf(request), service, types, request.query),
        });
        registerEndpoint(app, collection.get, {
          handler: (request) =>
            getItem(deps, shopperOf(request), service, types, request.params.idOrSlug, request.query),
        });
      }
    }
  }
};

/**
 * A catalog read's answer with its ETag and caching headers; an empty 304 when the caller's copy
 * matches. HEAD answers with GET's headers, so a cache can check its copy without the body.
 */
function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
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
}
