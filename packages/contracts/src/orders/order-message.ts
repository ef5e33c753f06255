import { z } from 'zod';
import { CHAT_AUTHORS, QUICK_REPLIES } from '../delivery/vocabulary.ts';

/** A chat text's longest: a few lines on a phone, never an essay. */
export const MAX_MESSAGE_LENGTH = 500;

/** How long after an order ends (delivered, rejected, cancelled) its chat still takes messages. */
export const CHAT_OPEN_AFTER_HOURS = 24;

/**
 * One message of an order's chat, as every reader sees it: who wrote it (their part in the
 * order and the name they go by there: the shopper's and the rider's first name, the shop's
 * name), and either a text or a quick reply, which each reader's page words in its own language.
 * `seq` grows with every message: the order they are read and sent live in.
 */
export const ZOrderMessageSchema = z.object({
  id: z.uuid(),
  seq: z.number().int().positive(),
  author: z.enum(CHAT_AUTHORS),
  authorName: z.string(),
  body: z.string().nullable(),
  quickReply: z.enum(QUICK_REPLIES).nullable(),
  at: z.iso.datetime(),
});
export type OrderMessage = z.infer<typeof ZOrderMessageSchema>;
