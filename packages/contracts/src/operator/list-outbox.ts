import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope, ZPageQuerySchema } from '../envelope.ts';

export const MESSAGE_CHANNELS = ['email', 'sms', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * A message the outbox gave up on after its tries (dead), kept with its text until pruned so
 * that an operator can send it again: to whom, partly hidden (an operator needs the channel and
 * the domain, not the address), what kind, and why it failed.
 */
export const ZDeadMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  /** The template or notice the message was made from (`confirm`, `receipt`, `order-cancelled`…). */
  template: z.string(),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  queuedAt: z.iso.datetime(),
  givenUpAt: z.iso.datetime(),
});
export type DeadMessage = z.infer<typeof ZDeadMessageSchema>;

/** Where the outbox stands: messages waiting to be sent, those given up on, and how long the oldest waiting has. */
export const ZOutboxCountsSchema = z.object({
  pending: z.number().int().min(0),
  dead: z.number().int().min(0),
  oldestPendingAgeMs: z.number().int().min(0).nullable(),
});
export type OutboxCounts = z.infer<typeof ZOutboxCountsSchema>;

/** `GET /api/operator/outbox` (operators): dead messages, newest given up first, and the counts. */
export const ZListOutboxRequestSchema = ZPageQuerySchema;
export type ListOutboxRequest = z.infer<typeof ZListOutboxRequestSchema>;
export const ZListOutboxResponseSchema = listEnvelope(ZDeadMessageSchema).extend({ counts: ZOutboxCountsSchema });
export type ListOutboxResponse = z.infer<typeof ZListOutboxResponseSchema>;

export const listOutboxEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/outbox',
  tags: ['operator'],
  summary: 'Messages the outbox gave up on, newest first, with the pending and dead counts (operators)',
  access: ['operator'],
  query: ZListOutboxRequestSchema,
  success: { 200: ZListOutboxResponseSchema },
  refusals: [400, 401, 403],
});
