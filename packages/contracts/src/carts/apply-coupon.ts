import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { ZCartParamsSchema, ZCartSchema, ZCouponRefusalSchema } from './cart.ts';

/**
 * `PUT /api/carts/{service}/coupon`: puts a coupon on the signed-in shopper's cart. A code that
 * exists but does not apply is a 422 whose `problem` says why, one of `COUPON_PROBLEMS`
 * (`{ "errors": { "code": ["This coupon has expired"] }, "problem": { "code": "expired" } }`),
 * for the storefront to word; an unknown code is a 404.
 */
export const ZApplyCouponRequestSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,20}$/, 'A coupon code is 4 to 20 letters and digits'),
});
export type ApplyCouponRequest = z.infer<typeof ZApplyCouponRequestSchema>;

export const ZApplyCouponResponseSchema = dataEnvelope(ZCartSchema);

export const applyCouponEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/carts/:service/coupon',
  tags: ['carts'],
  summary: 'Put a coupon on my cart (signed in); a refusal says why in its `problem`',
  access: 'signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartParamsSchema,
  body: ZApplyCouponRequestSchema,
  success: { 200: ZApplyCouponResponseSchema },
  refusals: [400, 401, 404, 409, 422],
  problems: ZCouponRefusalSchema,
});
