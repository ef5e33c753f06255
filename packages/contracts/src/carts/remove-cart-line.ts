import { dataEnvelope } from '../envelope.ts';
import { ZCartSchema } from './cart.ts';

/** `DELETE /api/carts/{service}/items/{lineId}`: the cart without that line. */
export const ZRemoveCartLineResponseSchema = dataEnvelope(ZCartSchema);
