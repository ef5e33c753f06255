import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { ZCartParamsSchema, ZCartSchema } from './cart.ts';

/** `DELETE /api/carts/{service}/coupon`: the cart without its coupon. */
export const ZRemoveCouponResponseSchema = dataEnvelope(ZCartSchema);

export const removeCouponEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/carts/:service/coupon',
  tags: ['carts'],
  summary: 'Take the coupon off my cart',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartParamsSchema,
  success: { 200: ZRemoveCouponResponseSchema },
  refusals: [400, 404],
});
