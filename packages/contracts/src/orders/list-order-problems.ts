import { z } from 'zod';
import { ZLocalizedTextSchema, ZMoneySchema } from '../catalog/catalog-card.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';
import { ORDER_STATUSES } from './order.ts';
import { ZOrderProblemSchema } from './problem.ts';

/**
 * `GET /api/orders/{id}/problems`: what the report form needs (each line's id and quantity, the
 * delivery and until when a report is taken) and the problems reported so far.
 */
export const ZOrderProblemsSchema = z.object({
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  deliveredAt: z.iso.datetime().nullable(),
  /** Until when a report is taken; null before delivery. */
  reportableUntil: z.iso.datetime().nullable(),
  /** Whether a report is taken now (delivered, and within the window). */
  reportable: z.boolean(),
  lines: z.array(
    z.object({ id: z.uuid(), name: ZLocalizedTextSchema, quantity: z.number().positive(), total: ZMoneySchema }),
  ),
  problems: z.array(ZOrderProblemSchema),
});
export type OrderProblems = z.infer<typeof ZOrderProblemsSchema>;

export const listOrderProblemsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/orders/:id/problems',
  tags: ['orders'],
  summary: 'The problems reported on one of my orders, and what a report may name',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  success: { 200: dataEnvelope(ZOrderProblemsSchema) },
  refusals: [400, 401, 404],
});
