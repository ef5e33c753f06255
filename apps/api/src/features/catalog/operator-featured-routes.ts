import { getFeaturedListsEndpoint, replaceFeaturedListsEndpoint } from '@malewa/contracts/operator/featured';
import type { FastifyPluginAsync } from 'fastify';
import { type CurateFeaturedDeps, getFeaturedLists, replaceFeaturedLists } from '#api/flows/curate-featured.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';

/** The operators' featured lists per market and service (docs/product/providers.md, featured lists). */
export const operatorFeaturedRoutes: FastifyPluginAsync<CurateFeaturedDeps> = async (app, deps) => {
  registerEndpoint(app, getFeaturedListsEndpoint, {
    handler: async (request) => ({
      data: await getFeaturedLists(deps, request.query.countryCode, request.query.service),
    }),
  });
  registerEndpoint(app, replaceFeaturedListsEndpoint, {
    handler: async (request) => ({ data: await replaceFeaturedLists(deps, principalOf(request), request.body) }),
  });
};
