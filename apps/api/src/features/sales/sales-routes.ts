import { getSalesSummaryEndpoint } from '@malewa/contracts/provider/get-sales-summary';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { SalesRepository } from './sales-repository.ts';
import { summarizeSales } from './summarize-sales.ts';

/** The provider console's sales summary (docs/product/providers.md, provider console). */
export const salesRoutes: FastifyPluginAsync<{ sales: SalesRepository }> = async (app, deps) => {
  registerEndpoint(app, getSalesSummaryEndpoint, {
    handler: async (request) => ({
      data: await summarizeSales(deps, principalOf(request), request.params.shopId, request.query),
    }),
  });
};
