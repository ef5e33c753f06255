import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/** `GET /api/orders/{id}`: one of my orders; anyone else's is not found. */
export const ZGetOrderParamsSchema = z.object({ id: z.uuid() });
export const ZGetOrderResponseSchema = dataEnvelope(ZOrderSchema);
export type GetOrderResponse = z.infer<typeof ZGetOrderResponseSchema>;
