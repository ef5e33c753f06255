import { z } from 'zod';
import { DEFAULT_PER_PAGE, listEnvelope, MAX_PER_PAGE } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/** `GET /api/orders`: my orders, newest first; `checkout` keeps those one checkout placed. */
export const ZListOrdersRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PER_PAGE)
    .transform((n) => Math.min(n, MAX_PER_PAGE)),
  checkout: z.uuid().optional(),
});
export type ListOrdersRequest = z.infer<typeof ZListOrdersRequestSchema>;
export const ZListOrdersResponseSchema = listEnvelope(ZOrderSchema);
export type ListOrdersResponse = z.infer<typeof ZListOrdersResponseSchema>;
