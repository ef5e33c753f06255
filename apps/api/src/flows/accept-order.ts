import type { Order } from '@malewa/contracts/orders/order';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import { announceOrderMoved, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { type DispatchDeps, offerNext } from './dispatch-jobs.ts';
import { sendNotices } from './send-notices.ts';
import { shopOrder } from './shop-order.ts';

/**
 * A provider takes a placed order of one of their own shops and says how long preparing will
 * take: the shopper's time to delivery changes by the difference from the shop's usual time.
 * An order to be delivered gets its delivery job, offered at once to the nearest rider
 * (docs/decisions/0034); a chef comes to cook, so a chef order has none. The shopper is told.
 * An order already accepted is answered as it is (the move is repeatable); any other is a 409.
 */
export async function acceptOrder(
  deps: { orders: OrderRepository } & DispatchDeps & TransactionDeps & OrderMoveDeps & ClockDeps,
  principal: Principal,
  orderId: string,
  prepMinutes: number,
): Promise<Order> {
  const accepted = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    // The same press sent again (its answer lost), or a second cook's: answered as it is, with
    // nothing moved, told or announced again; the first accept's minutes stand.
    if (order.status === 'accepted') return { order: await shopOrder(deps.orders, order.id), moved: false };
    if (order.status !== 'placed')
      throw new AppError('CONFLICT', `This order is already ${order.status.replaceAll('_', ' ')}`);
    const etaMinutes = Math.max(prepMinutes, order.etaMinutes - order.providerPrepMinutes + prepMinutes);
    await deps.orders.moveOrder(order.id, 'accepted', { etaMinutes });
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just accepted is gone');
    await sendNotices(deps, [
      {
        userId: order.userId,
        kind: 'order-accepted',
        params: { orderId: order.id, shop: moved.provider.name },
        dedupeKey: `accepted:${order.id}`,
      },
    ]);
    if (order.service !== 'chef') {
      const now = clock(deps);
      const jobId = await deps.jobs.createJob({ orderId: order.id, shopId: order.providerId, now });
      const job = await deps.jobs.jobView(jobId);
      if (job) await offerNext(deps, job, now);
      return { order: await shopOrder(deps.orders, order.id), moved: true };
    }
    return { order: presentShopOrder(moved), moved: true };
  });
  if (accepted.moved) await announceOrderMoved(deps, accepted.order);
  return accepted.order;
}
