import type { Order } from '@malewa/contracts/orders/order';
import { AppError } from '../app-error.ts';
import { announceOrderMoved, type OrderMoveDeps } from '../events/order-moves.ts';
import { presentShopOrder } from '../features/orders/present-order.ts';
import type { Principal } from '../plugins/access-control.ts';
import { closedOrderRefundNotice, shopperNotice } from './order-step-notices.ts';
import { refundClosedOrder, refundOf } from './refunds.ts';
import { type OrderClosingDeps, releaseOrderHolds } from './release-order-holds.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';

/**
 * A provider turns down a placed order of one of their own shops, saying why; its stock and
 * coupon come back. Another shop's order is not found; a non-placed one is a 409.
 */
export async function rejectOrder(
  deps: OrderClosingDeps & OrderMoveDeps & NoticeDeps,
  principal: Principal,
  orderId: string,
  reason: string,
): Promise<Order> {
  const closed = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    if (order.status !== 'placed')
      throw new AppError('CONFLICT', `This order is already ${order.status.replaceAll('_', ' ')}`);
    await deps.orders.moveOrder(order.id, 'rejected', { rejectReason: reason, ...refundOf(order) });
    await releaseOrderHolds(deps, order);
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just rejected is gone');
    await sendNotices(deps, [shopperNotice(moved, 'order-rejected', 'rejected'), ...closedOrderRefundNotice(moved)]);
    return presentShopOrder(moved);
  });
  await refundClosedOrder(deps, closed);
  await announceOrderMoved(deps, closed);
  return closed;
}
