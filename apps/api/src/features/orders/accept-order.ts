import type { Order } from '@malewa/contracts/orders/order';
import { AppError } from '#api/app-error.ts';
import { announceOrderMoved, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { OrderRepository } from './order-repository.ts';
import { presentShopOrder } from './present-order.ts';

/**
 * A provider takes a placed order of one of their own shops and says how long preparing will
 * take: the shopper's time to delivery changes by the difference from the shop's usual time.
 */
export async function acceptOrder(
  deps: { orders: OrderRepository } & TransactionDeps & OrderMoveDeps,
  principal: Principal,
  orderId: string,
  prepMinutes: number,
): Promise<Order> {
  const accepted = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    if (order.status !== 'placed')
      throw new AppError('CONFLICT', `This order is already ${order.status.replaceAll('_', ' ')}`);
    const etaMinutes = Math.max(prepMinutes, order.etaMinutes - order.providerPrepMinutes + prepMinutes);
    await deps.orders.moveOrder(order.id, 'accepted', { etaMinutes });
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just accepted is gone');
    return presentShopOrder(moved);
  });
  await announceOrderMoved(deps, accepted);
  return accepted;
}
