import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { ZCartLineParamsSchema, ZCartSchema } from './cart.ts';

/** `DELETE /api/carts/{service}/items/{lineId}`: the cart without that line. */
export const ZRemoveCartLineResponseSchema = dataEnvelope(ZCartSchema);

export const removeCartLineEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/carts/:service/items/:lineId',
  tags: ['carts'],
  summary: 'Take a line out of my cart',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartLineParamsSchema,
  success: { 200: ZRemoveCartLineResponseSchema },
  refusals: [400, 404],
});
