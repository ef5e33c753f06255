import { defineEndpoint } from '../endpoint.ts';
import { ZListingParamsSchema, ZListingResponseSchema } from './listings.ts';

export const getListingEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/listings/:id',
  tags: ['provider'],
  summary: 'One listing of a shop one runs',
  access: ['provider'],
  params: ZListingParamsSchema,
  success: { 200: ZListingResponseSchema },
  refusals: [400, 401, 403, 404],
});
