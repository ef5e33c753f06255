import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZShopParamsSchema } from '@malewa/contracts/provider/listings';
import { ZSalesSummaryQuerySchema, ZSalesSummaryResponseSchema } from '@malewa/contracts/provider/sales-summary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import type { SalesRepository } from './sales-repository.ts';
import { summarizeSales } from './summarize-sales.ts';

/** The provider console's sales summary (issue 13 §3). */
export const salesRoutes: FastifyPluginAsyncZod<{ sales: SalesRepository }> = async (app, deps) => {
  app.get(
    '/provider/shops/:shopId/sales',
    {
      onRequest: requireRole('provider'),
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'A shop’s orders and revenue per day or week, and its top items (its people only)',
        params: ZShopParamsSchema,
        querystring: ZSalesSummaryQuerySchema,
        response: {
          200: ZSalesSummaryResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await summarizeSales(deps, principalOf(request), request.params.shopId, request.query),
    }),
  );
};
