import { defineEndpoint } from '../endpoint.ts';
import { ZListListingsResponseSchema, ZShopParamsSchema } from './listings.ts';

export const listListingsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops/:shopId/listings',
  tags: ['provider'],
  summary: 'A shop’s listings, newest change first (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  success: { 200: ZListListingsResponseSchema },
  refusals: [400, 401, 403, 404],
});
