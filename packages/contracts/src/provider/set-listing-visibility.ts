import { defineEndpoint } from '../endpoint.ts';
import { ZListingParamsSchema, ZListingResponseSchema, ZListingVisibilityInputSchema } from './listings.ts';

export const setListingVisibilityEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/provider/listings/:id/visibility',
  tags: ['provider'],
  summary: 'Hide a listing from the storefront, or show it again (kept for the orders that hold it)',
  access: ['provider'],
  params: ZListingParamsSchema,
  body: ZListingVisibilityInputSchema,
  success: { 200: ZListingResponseSchema },
  refusals: [400, 401, 403, 404],
});
