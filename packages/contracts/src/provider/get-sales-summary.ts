import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from './listings.ts';
import { ZSalesSummaryQuerySchema, ZSalesSummaryResponseSchema } from './sales-summary.ts';

export const getSalesSummaryEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops/:shopId/sales',
  tags: ['provider'],
  summary: 'A shop’s orders and revenue per day or week, and its top items (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  query: ZSalesSummaryQuerySchema,
  success: { 200: ZSalesSummaryResponseSchema },
  refusals: [400, 401, 403, 404],
});
