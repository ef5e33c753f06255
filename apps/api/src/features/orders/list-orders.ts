import { listMeta } from '@malewa/contracts/envelope';
import type { ListOrdersRequest, ListOrdersResponse } from '@malewa/contracts/orders/list-orders';
import type { Principal } from '#api/plugins/access-control.ts';
import type { OrderRepository } from './order-repository.ts';
import { presentOrder } from './present-order.ts';

/** The shopper's orders, newest first; those of one checkout (its confirmation page) when asked. */
export async function listOrders(
  deps: { orders: OrderRepository },
  principal: Principal,
  query: ListOrdersRequest,
): Promise<ListOrdersResponse> {
  const { page, perPage, checkout } = query;
  const { rows, total } = await deps.orders.listOrders(principal.userId, page, perPage, checkout);
  return { data: rows.map(presentOrder), meta: listMeta(page, perPage, total) };
}
