import type { NotificationKind } from '@malewa/contracts/notifications/notification';
import type { Notice } from './send-notices.ts';

/** What a notice about an order needs of it: its shopper, its shop's name, its money. */
interface NoticedOrder {
  id: string;
  userId: string;
  provider: { name: string };
  currency: string;
  total: number;
  creditUsed: number;
  paymentStatus: string;
}

/** A step of an order, to its shopper, once: `{step}:{orderId}` (`rejected:…`). */
export function shopperNotice(order: NoticedOrder, kind: NotificationKind, step: string): Notice {
  return {
    userId: order.userId,
    kind,
    params: { orderId: order.id, shop: order.provider.name },
    dedupeKey: `${step}:${order.id}`,
  };
}

/**
 * What a closed order gives back, to its shopper: all it cost when it was paid ahead (now
 * refunded), else the credit it spent (back at once); nothing for a cash order without credit.
 */
export function closedOrderRefundNotice(order: NoticedOrder): Notice[] {
  const amount = order.paymentStatus === 'refunded' ? order.total : order.creditUsed;
  if (amount <= 0) return [];
  const notice = shopperNotice(order, 'order-refunded', 'refunded');
  return [{ ...notice, params: { ...notice.params, amount: String(amount), currency: order.currency } }];
}
