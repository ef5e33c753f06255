import type { OrderChat } from '@malewa/contracts/orders/list-order-messages';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { chatOf, isWritable, writableUntil } from './chat-part.ts';
import type { ChatRepository } from './chat-repository.ts';

/** An order's chat as one of its people reads it; reading stays open after writing has closed. */
export async function listOrderMessages(
  deps: { chat: ChatRepository; now?: Clock | undefined },
  principal: Principal,
  orderId: string,
  afterSeq: number | undefined,
): Promise<OrderChat> {
  const { order, part } = await chatOf(deps, principal, orderId);
  const until = writableUntil(order);
  return {
    orderId: order.id,
    as: part,
    writable: isWritable(order, part, clock(deps)),
    writableUntil: until?.toISOString() ?? null,
    messages: await deps.chat.list(order.id, afterSeq),
  };
}
