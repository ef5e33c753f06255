import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/** The provider console's order moves (`/api/provider/orders/{id}/…`), on the caller's own shops only. */
export const ZProviderOrderParamsSchema = z.object({ id: z.uuid() });

/** `POST …/accept`: the kitchen takes a placed order and says how long it needs. */
export const ZAcceptOrderRequestSchema = z.strictObject({ prepMinutes: z.number().int().min(1).max(240) });

/** `POST …/reject`: the kitchen turns a placed order down, saying why; stock and coupon come back. */
export const ZRejectOrderRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(300) });

/** `POST …/advance`: accepted → preparing → ready → out_for_delivery → delivered (cash is then paid). */
export const ZMoveOrderResponseSchema = dataEnvelope(ZOrderSchema);
