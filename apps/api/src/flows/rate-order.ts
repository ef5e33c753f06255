import type { Order } from '@malewa/contracts/orders/order';
import { AppError } from '../app-error.ts';
import type { OrderRepository } from '../features/orders/order-repository.ts';
import { presentOrder } from '../features/orders/present-order.ts';
import type { ShopRepository } from '../features/shops/shop-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';

export interface RateOrderDeps extends TransactionDeps {
  orders: OrderRepository;
  shops: Pick<ShopRepository, 'addRating'>;
}

/**
 * The shopper rates one of their delivered orders, once: the rating is the order's, the stars
 * go into the provider's average (the shop's), in one transaction.
 */
export async function rateOrder(
  deps: RateOrderDeps,
  principal: Principal,
  orderId: string,
  rating: { stars: number; comment?: string | undefined },
): Promise<Order> {
  return deps.transaction(async () => {
    const order = await deps.orders.lockOrder(orderId);
    if (!order || order.userId !== principal.userId) throw new AppError('NOT_FOUND', 'No such order');
    if (order.status !== 'delivered') throw new AppError('CONFLICT', 'Rate an order once it is delivered');
    if (!(await deps.orders.insertRating(order.id, rating.stars, rating.comment?.trim() || null))) {
      throw new AppError('CONFLICT', 'You have rated this order already');
    }
    await deps.shops.addRating(order.providerId, rating.stars);
    const rated = await deps.orders.orderById(order.id);
    if (!rated) throw new Error('The order just rated is gone');
    return presentOrder(rated);
  });
}
