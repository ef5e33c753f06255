import type { Order } from '@malewa/contracts/orders/order';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { OrderRepository } from './order-repository.ts';
import { presentShopOrder } from './present-order.ts';

/** One order of the caller's shops; another shop's does not exist for them. */
export async function getProviderOrder(
  deps: { orders: OrderRepository },
  principal: Principal,
  orderId: string,
): Promise<Order> {
  const row = await deps.orders.shopOrderOf(principal.userId, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'No such order');
  return presentShopOrder(row);
}
