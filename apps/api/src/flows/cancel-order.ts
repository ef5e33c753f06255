import { CANCELLABLE_STATUSES, type Order } from '@malewa/contracts/orders/order';
import { AppError } from '../app-error.ts';
import { announceOrderMoved, type OrderMoveDeps } from '../events/order-moves.ts';
import { presentOrder } from '../features/orders/present-order.ts';
import type { Principal } from '../plugins/access-control.ts';
import { closedOrderRefundNotice, shopperNotice } from './order-step-notices.ts';
import { closedOrderRefundKey, refundOf, sendQueuedRefund } from './refunds.ts';
import { type OrderClosingDeps, releaseOrderHolds } from './release-order-holds.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';

/**
 * The shopper cancels one of their orders before the kitchen starts preparing it: the order
 * is cancelled, its stock and coupon come back. Another shopper's order is not found; an order
 * past accepted (or already closed) is a 409 that says where it is.
 */
export async function cancelOrder(
  deps: OrderClosingDeps & OrderMoveDeps & NoticeDeps,
  principal: Principal,
  orderId: string,
): Promise<Order> {
  const closed = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || order.userId !== principal.userId) throw new AppError('NOT_FOUND', 'No such order');
    if (!CANCELLABLE_STATUSES.includes(order.status)) {
      throw new AppError(
        'CONFLICT',
        `This order is ${order.status.replaceAll('_', ' ')}: it can no longer be cancelled`,
      );
    }
    await deps.orders.moveOrder(order.id, 'cancelled', refundOf(order));
    await releaseOrderHolds(deps, order);
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just cancelled is gone');
    // The shopper's own cancel is told too: it confirms it on the phone, and says what comes back.
    await sendNotices(deps, [shopperNotice(moved, 'order-cancelled', 'cancelled'), ...closedOrderRefundNotice(moved)]);
    return presentOrder(moved);
  });
  await sendQueuedRefund(deps, closedOrderRefundKey(closed.id));
  await announceOrderMoved(deps, closed);
  return closed;
}
