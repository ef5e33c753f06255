import { z } from 'zod';
import { listEnvelope, ZPageQuerySchema } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/** `GET /api/orders`: my orders, newest first; `checkout` keeps those one checkout placed. */
export const ZListOrdersRequestSchema = ZPageQuerySchema.extend({
  checkout: z.uuid().optional(),
});
export type ListOrdersRequest = z.infer<typeof ZListOrdersRequestSchema>;
export const ZListOrdersResponseSchema = listEnvelope(ZOrderSchema);
export type ListOrdersResponse = z.infer<typeof ZListOrdersResponseSchema>;
