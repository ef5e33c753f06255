import type { OrderMessage } from '@malewa/contracts/orders/order-message';
import type { SendOrderMessageRequest } from '@malewa/contracts/orders/send-order-message';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import { announceOrderMessage, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { LimitRule, RateLimiter } from '#api/rate-limit/rate-limiter.ts';
import { chatOf, isWritable } from './chat-part.ts';
import type { ChatRepository } from './chat-repository.ts';

/** Enough for a quick back-and-forth at the gate; a script flooding a shop's board is stopped. */
export const CHAT_LIMIT: LimitRule = { name: 'chat-message', max: 20, windowMs: 60_000 };

export interface SendOrderMessageDeps extends OrderMoveDeps {
  chat: ChatRepository;
  limiter: RateLimiter;
  now?: Clock | undefined;
}

/**
 * Writes in an order's chat as the writer's part in it (shopper, shop, rider), while the order
 * is under way and for a day after it ended; then wakes the order's live page and its shop's
 * boards. Operators read a chat and never write in it.
 */
export async function sendOrderMessage(
  deps: SendOrderMessageDeps,
  principal: Principal,
  orderId: string,
  request: SendOrderMessageRequest,
): Promise<OrderMessage> {
  const { order, part } = await chatOf(deps, principal, orderId);
  if (part === 'operator') throw new AppError('FORBIDDEN', 'Operators read an order’s chat; they do not write in it.');
  const now = clock(deps);
  if (!isWritable(order, part, now)) {
    throw new AppError(
      'CONFLICT',
      'This order’s chat has closed: it takes messages until a day after the order ended.',
    );
  }
  // Counted per account, whichever order: one person, one pace.
  const counted = await deps.limiter.consume(CHAT_LIMIT, principal.userId);
  if (!counted.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      'Too many messages. Please wait a moment; the Retry-After header says how long.',
      {
        retryAfterSeconds: counted.retryAfterSeconds,
      },
    );
  }
  const message = await deps.chat.insert({
    orderId: order.id,
    authorId: principal.userId,
    author: part,
    body: 'body' in request ? request.body : null,
    quickReply: 'quickReply' in request ? request.quickReply : null,
    createdAt: now,
  });
  await announceOrderMessage(deps, { id: order.id, provider: { slug: order.shopSlug } });
  return message;
}
