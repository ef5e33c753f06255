import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZCartSchema } from './cart.ts';

/**
 * `PUT /api/carts/{service}/coupon`: puts a coupon on the signed-in shopper's cart. A code that
 * exists but does not apply is a 422 whose `coupon` field holds the reason, one of
 * `COUPON_PROBLEMS` (`{ "errors": { "coupon": ["expired"] } }`), for the
 * storefront to word; an unknown code is a 404.
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
