import { defineEndpoint } from '../endpoint.ts';
import { ZListingInputSchema, ZListingParamsSchema, ZListingResponseSchema } from './listings.ts';

export const updateListingEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/provider/listings/:id',
  tags: ['provider'],
  summary: 'Change a listing: texts, category, unit, price, stock, available today',
  access: ['provider'],
  params: ZListingParamsSchema,
  body: ZListingInputSchema,
  success: { 200: ZListingResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
