import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope, ZPageQuerySchema } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/** `GET /api/orders`: my orders, newest first; `checkout` keeps those one checkout placed. */
export const ZListOrdersRequestSchema = ZPageQuerySchema.extend({
  checkout: z.uuid().optional(),
});
export type ListOrdersRequest = z.infer<typeof ZListOrdersRequestSchema>;
export const ZListOrdersResponseSchema = listEnvelope(ZOrderSchema);
export type ListOrdersResponse = z.infer<typeof ZListOrdersResponseSchema>;

export const listOrdersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/orders',
  tags: ['orders'],
  summary: 'My orders, newest first',
  access: 'signed-in',
  query: ZListOrdersRequestSchema,
  success: { 200: ZListOrdersResponseSchema },
  refusals: [400, 401],
});
