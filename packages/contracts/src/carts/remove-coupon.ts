import { dataEnvelope } from '../envelope.ts';
import { ZCartSchema } from './cart.ts';

/** `DELETE /api/carts/{service}/coupon`: the cart without its coupon. */
export const ZRemoveCouponResponseSchema = dataEnvelope(ZCartSchema);
