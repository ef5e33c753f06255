import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';

export const ZRetryMessageParamsSchema = z.object({ id: z.uuid() });
/** The message back in the queue: its tries counted afresh, due at once. */
export const ZRetryMessageResponseSchema = dataEnvelope(
  z.object({ id: z.uuid(), attempts: z.literal(0), nextAttemptAt: z.iso.datetime() }),
);

export const retryMessageEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/outbox/:id/retry',
  tags: ['operator'],
  summary: 'Put a message the outbox gave up on back in the queue (operators; logged)',
  description: 'Only a dead message: any other id (unknown, waiting, sent, pruned) is a 404.',
  access: ['operator'],
  params: ZRetryMessageParamsSchema,
  success: { 200: ZRetryMessageResponseSchema },
  refusals: [400, 401, 403, 404],
});
