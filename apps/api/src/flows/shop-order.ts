import type { Order } from '@malewa/contracts/orders/order';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';

/** An order the open transaction holds, as its shop sees it: a repeated move's answer, say. */
export async function shopOrder(orders: Pick<OrderRepository, 'orderById'>, orderId: string): Promise<Order> {
  const row = await orders.orderById(orderId);
  if (!row) throw new Error('The order just locked is gone');
  return presentShopOrder(row);
}
