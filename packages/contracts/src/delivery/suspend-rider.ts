import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZRiderParamsSchema, ZRiderSchema } from './rider.ts';

/** Suspend (with the reason) or reinstate a rider: a suspended rider is offered nothing. */
export const ZSuspendRiderRequestSchema = z.discriminatedUnion('suspended', [
  z.object({ suspended: z.literal(true), reason: z.string().trim().min(3, 'Say why').max(500) }),
  z.object({ suspended: z.literal(false) }),
]);
export type SuspendRiderRequest = z.infer<typeof ZSuspendRiderRequestSchema>;
export const ZSuspendRiderResponseSchema = dataEnvelope(ZRiderSchema);

export const suspendRiderEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/operator/riders/:riderId/suspension',
  tags: ['operator'],
  summary: 'Suspend or reinstate any rider (operators; logged)',
  access: ['operator'],
  params: ZRiderParamsSchema,
  body: ZSuspendRiderRequestSchema,
  success: { 200: ZSuspendRiderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
