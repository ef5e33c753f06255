import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { ZCartParamsSchema, ZCartSchema, ZDeliveryPointQuerySchema } from './cart.ts';

/**
 * `GET /api/carts/{service}`: the shopper's cart of that service in their market (empty if none),
 * priced for delivery to `lat`/`lng` when given.
 */
export const ZGetCartRequestSchema = ZDeliveryPointQuerySchema;
export const ZGetCartResponseSchema = dataEnvelope(ZCartSchema);

export const getCartEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/carts/:service',
  tags: ['carts'],
  summary: 'My cart of a service in my market (empty when I have none), priced for delivery to a point if given',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartParamsSchema,
  query: ZGetCartRequestSchema,
  success: { 200: ZGetCartResponseSchema },
  refusals: [400, 404],
});
