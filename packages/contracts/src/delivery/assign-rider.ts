import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZOrderDeliverySchema } from './rider.ts';

export const ZAssignRiderParamsSchema = z.object({ id: z.uuid() });
export const ZAssignRiderRequestSchema = z.object({ riderId: z.uuid('Choose a rider') });
export type AssignRiderRequest = z.infer<typeof ZAssignRiderRequestSchema>;
export const ZAssignRiderResponseSchema = dataEnvelope(ZOrderDeliverySchema);
/** A rider (or another hand) took the job first. */
export const ZAssignRiderProblemSchema = z.discriminatedUnion('code', [z.object({ code: z.literal('gone') })]);

export const assignRiderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/orders/:id/rider',
  tags: ['provider'],
  summary: 'Give an order’s delivery to one of the shop’s available riders by hand',
  access: ['provider'],
  params: ZAssignRiderParamsSchema,
  body: ZAssignRiderRequestSchema,
  success: { 200: ZAssignRiderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  problems: ZAssignRiderProblemSchema,
});
