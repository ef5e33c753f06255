import { z } from 'zod';
import { QUICK_REPLIES } from '../delivery/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { multiLine } from '../text.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';
import { CHAT_OPEN_AFTER_HOURS, MAX_MESSAGE_LENGTH, ZOrderMessageSchema } from './order-message.ts';

/** A text (trimmed, not empty, at most 500 characters) or one of the quick replies. */
export const ZSendOrderMessageRequestSchema = z.union([
  z.strictObject({ body: multiLine().trim().min(1).max(MAX_MESSAGE_LENGTH) }),
  z.strictObject({ quickReply: z.enum(QUICK_REPLIES) }),
]);
export type SendOrderMessageRequest = z.infer<typeof ZSendOrderMessageRequestSchema>;

export const ZSendOrderMessageResponseSchema = dataEnvelope(ZOrderMessageSchema);

export const sendOrderMessageEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/orders/:id/messages',
  tags: ['orders'],
  summary: 'Write in the chat of an order I am part of',
  description:
    `While the order is under way and for ${CHAT_OPEN_AFTER_HOURS} hours after it ended (after that a 409); ` +
    '20 messages a minute per account (a 429 with Retry-After). Operators read and do not write (403).',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  body: ZSendOrderMessageRequestSchema,
  success: { 201: ZSendOrderMessageResponseSchema },
  refusals: [400, 401, 403, 404, 409, 429],
});
