import type { Order } from '@malewa/contracts/orders/order';
import { AppError } from '../app-error.ts';
import { announceOrderMoved, type OrderMoveDeps } from '../events/order-moves.ts';
import type { OrderRepository, OrderRow } from '../features/orders/order-repository.ts';
import { presentShopOrder } from '../features/orders/present-order.ts';
import type { Principal } from '../plugins/access-control.ts';
import { closedOrderRefundNotice, shopperNotice } from './order-step-notices.ts';
import { closedOrderRefundKey, refundOf, sendQueuedRefund } from './refunds.ts';
import { type OrderClosingDeps, releaseOrderHolds } from './release-order-holds.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';
import { shopOrder } from './shop-order.ts';

export type RejectDeps = OrderClosingDeps & OrderMoveDeps & NoticeDeps;

/** An order as `lockOrder` holds it for a move. */
export type LockedOrder = NonNullable<Awaited<ReturnType<OrderRepository['lockOrder']>>>;

/**
 * A provider turns down a placed order of one of their own shops, saying why; its stock and
 * coupon come back. Another shop's order is not found. One already rejected is answered as it
 * is, with the reason it was rejected for (the move is repeatable); any other is a 409.
 */
export async function rejectOrder(
  deps: RejectDeps,
  principal: Principal,
  orderId: string,
  reason: string,
): Promise<Order> {
  const closed = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    if (order.status === 'rejected') {
      return { order: await shopOrder(deps.orders, order.id), moved: false };
    }
    if (order.status !== 'placed')
      throw new AppError('CONFLICT', `This order is already ${order.status.replaceAll('_', ' ')}`);
    const moved = await rejectPlacedOrder(deps, order, reason);
    if (!moved) throw new Error('The order locked as placed moved meanwhile');
    return { order: presentShopOrder(moved), moved: true };
  });
  // Once: a rejection answered again must not refund or announce a second time.
  if (closed.moved) await afterRejecting(deps, closed.order);
  return closed.order;
}

/**
 * Rejects an order locked in the open transaction if it is still placed: by its shop with its
 * reason, or with none when nobody accepted it in time (`flows/time-out-orders.ts`). The move
 * is conditional on the status, so an order accepted meanwhile is left as it is (undefined).
 * Its holds are released, its shopper told, in the same transaction.
 */
export async function rejectPlacedOrder(
  deps: RejectDeps,
  order: LockedOrder,
  reason: string | null,
): Promise<OrderRow | undefined> {
  if (
    !(await deps.orders.moveOrderFrom(order.id, 'placed', 'rejected', { rejectReason: reason, ...refundOf(order) }))
  ) {
    return undefined;
  }
  await releaseOrderHolds(deps, order);
  const moved = await deps.orders.orderById(order.id);
  if (!moved) throw new Error('The order just rejected is gone');
  await sendNotices(deps, [shopperNotice(moved, 'order-rejected', 'rejected'), ...closedOrderRefundNotice(moved)]);
  return moved;
}

/** After a rejection committed: what was paid ahead back through the gateway, the live pages woken. */
export async function afterRejecting(deps: RejectDeps, closed: Order): Promise<void> {
  await sendQueuedRefund(deps, closedOrderRefundKey(closed.id));
  await announceOrderMoved(deps, closed);
}
