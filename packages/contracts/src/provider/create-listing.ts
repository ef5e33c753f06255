import { defineEndpoint } from '../endpoint.ts';
import { ZListingInputSchema, ZListingResponseSchema, ZShopParamsSchema } from './listings.ts';

export const createListingEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/shops/:shopId/listings',
  tags: ['provider'],
  summary: 'List a new item in a shop (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  body: ZListingInputSchema,
  success: { 201: ZListingResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
