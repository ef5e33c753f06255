import type { ChatAuthor } from '@malewa/contracts/delivery/vocabulary';
import { CHAT_OPEN_AFTER_HOURS } from '@malewa/contracts/orders/order-message';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { ChatOrder, ChatRepository } from './chat-repository.ts';

/**
 * The order's chat and the reader's part in it: its shopper, one of its shop's people, its rider
 * once they took the job, or an operator once a problem was reported on it. Anyone else is told
 * the order does not exist, as for every order they have no part in (no guessing of ids).
 */
export async function chatOf(
  deps: { chat: ChatRepository },
  principal: Principal,
  orderId: string,
): Promise<{ order: ChatOrder; part: ChatAuthor }> {
  const order = await deps.chat.chatOrderOf(orderId);
  const part = order && (await partOf(deps, principal, order));
  if (!order || !part) throw new AppError('NOT_FOUND', 'No such order');
  return { order, part };
}

async function partOf(deps: { chat: ChatRepository }, principal: Principal, order: ChatOrder) {
  if (order.shopperId === principal.userId) return 'shopper';
  if (await deps.chat.runsShop(principal.userId, order.shopId)) return 'shop';
  if (order.riderUserId === principal.userId) return 'rider';
  if (order.hasProblem && principal.roles.includes('operator')) return 'operator';
  return undefined;
}

/** Until when the chat takes messages: null while the order is under way, else a day after it ended. */
export function writableUntil(order: ChatOrder): Date | null {
  return order.endedAt && new Date(order.endedAt.getTime() + CHAT_OPEN_AFTER_HOURS * 3_600_000);
}

/** Whether the reader may write now: its people, while the order is under way and a day after. */
export function isWritable(order: ChatOrder, part: ChatAuthor, now: Date): boolean {
  const until = writableUntil(order);
  return part !== 'operator' && (until === null || now.getTime() <= until.getTime());
}
