import { listMeta } from '@malewa/contracts/envelope';
import type { ListOrdersResponse } from '@malewa/contracts/orders/list-orders';
import type { Principal } from '../../plugins/access-control.ts';
import type { OrderRepository } from './order-repository.ts';
import { presentOrder } from './present-order.ts';

/** The shopper's orders, newest first. */
export async function listOrders(
  deps: { orders: OrderRepository },
  principal: Principal,
  page: number,
  perPage: number,
): Promise<ListOrdersResponse> {
  const { rows, total } = await deps.orders.listOrders(principal.userId, page, perPage);
  return { data: rows.map(presentOrder), meta: listMeta(page, perPage, total) };
}
