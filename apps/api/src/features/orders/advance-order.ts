import { type Order, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { AppError } from '#api/app-error.ts';
import { announceOrderMoved, type OrderMoveDeps } from '#api/events/order-moves.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { OrderRepository } from './order-repository.ts';
import { presentOrder } from './present-order.ts';

/**
 * Moves an order of the provider's own shop one step on: accepted → preparing → ready →
 * out_for_delivery → delivered. Cash is paid at the door, so a delivered cash order is paid.
 */
export async function advanceOrder(
  deps: { orders: OrderRepository } & TransactionDeps & OrderMoveDeps,
  principal: Principal,
  orderId: string,
): Promise<Order> {
  const advanced = await deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || !(await deps.orders.runsShop(principal.userId, order.providerId))) {
      throw new AppError('NOT_FOUND', 'No such order');
    }
    const next = PROVIDER_NEXT_STATUS[order.status];
    if (!next) throw new AppError('CONFLICT', `An order that is ${order.status.replaceAll('_', ' ')} goes no further`);
    await deps.orders.moveOrder(
      order.id,
      next,
      next === 'delivered' && order.paymentMethod === 'cash' ? { paymentStatus: 'paid' } : {},
    );
    const moved = await deps.orders.orderById(order.id);
    if (!moved) throw new Error('The order just moved is gone');
    return presentOrder(moved);
  });
  await announceOrderMoved(deps, advanced);
  return advanced;
}
