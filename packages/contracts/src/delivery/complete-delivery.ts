import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZOrderDeliverySchema } from './rider.ts';

export const ZCompleteDeliveryParamsSchema = z.object({ id: z.uuid() });
/** What the operator checked (a call to the shopper, the rider's photo): kept in the audit log. */
export const ZCompleteDeliveryRequestSchema = z.object({
  reason: z.string().trim().min(3, 'Say how the handover was checked').max(500),
});
export type CompleteDeliveryRequest = z.infer<typeof ZCompleteDeliveryRequestSchema>;
export const ZCompleteDeliveryResponseSchema = dataEnvelope(ZOrderDeliverySchema);

export const completeDeliveryEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/orders/:id/delivered',
  tags: ['operator'],
  summary: 'Complete a delivery its rider could not after five wrong codes (operators; logged)',
  access: ['operator'],
  params: ZCompleteDeliveryParamsSchema,
  body: ZCompleteDeliveryRequestSchema,
  success: { 200: ZCompleteDeliveryResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
