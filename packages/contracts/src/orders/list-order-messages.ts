import { z } from 'zod';
import { CHAT_AUTHORS } from '../delivery/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';
import { CHAT_OPEN_AFTER_HOURS, ZOrderMessageSchema } from './order-message.ts';

/** `?after=`: only the messages after that sequence number (a page that has the rest). */
export const ZListOrderMessagesQuerySchema = z.object({
  after: z.coerce.number().int().min(0).optional(),
});

/**
 * An order's chat as one of its people reads it: the messages oldest first (the latest 200),
 * which part the reader has in it, and whether they may write now (until when, once the order
 * has ended).
 */
export const ZOrderChatSchema = z.object({
  orderId: z.uuid(),
  /** The reader's part: an operator reads, and never writes. */
  as: z.enum(CHAT_AUTHORS),
  /** Whether the reader may send a message now. */
  writable: z.boolean(),
  /** Until when messages are taken; null while the order is under way. */
  writableUntil: z.iso.datetime().nullable(),
  messages: z.array(ZOrderMessageSchema),
});
export type OrderChat = z.infer<typeof ZOrderChatSchema>;

export const listOrderMessagesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/orders/:id/messages',
  tags: ['orders'],
  summary: 'The chat of an order I am part of (its shopper, its shop, its rider)',
  description:
    'Its shopper, the people of its shop and its rider once assigned read it; operators read it once a ' +
    `problem was reported on the order. Anyone else: 404. Written to while the order is under way and for ` +
    `${CHAT_OPEN_AFTER_HOURS} hours after it ended.`,
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  query: ZListOrderMessagesQuerySchema,
  success: { 200: dataEnvelope(ZOrderChatSchema) },
  refusals: [400, 401, 404],
});
