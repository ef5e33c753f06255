import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/** `GET /api/orders/{id}`: one of my orders; anyone else's is not found. */
export const ZGetOrderParamsSchema = z.object({ id: z.uuid() });
export const ZGetOrderResponseSchema = dataEnvelope(ZOrderSchema);
export type GetOrderResponse = z.infer<typeof ZGetOrderResponseSchema>;

export const getOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/orders/:id',
  tags: ['orders'],
  summary: 'One of my orders',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  success: { 200: ZGetOrderResponseSchema },
  refusals: [401, 404],
});
