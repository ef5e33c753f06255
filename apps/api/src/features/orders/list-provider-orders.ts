import { listMeta } from '@malewa/contracts/envelope';
import type { ListProviderOrdersRequest } from '@malewa/contracts/orders/provider-orders';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { OrderRepository } from './order-repository.ts';
import { presentShopOrder } from './present-order.ts';

/** The order board's list: the orders of the caller's shops, newest first; another's shop is a 404. */
export async function listProviderOrders(
  deps: { orders: OrderRepository },
  principal: Principal,
  query: ListProviderOrdersRequest,
) {
  if (query.shop) {
    const shops = await deps.orders.shopsOf(principal.userId);
    if (!shops.some((shop) => shop.id === query.shop)) throw new AppError('NOT_FOUND', 'No such shop');
  }
  const { rows, total } = await deps.orders.shopOrders(principal.userId, {
    shopId: query.shop,
    status: query.status,
    upcoming: query.scheduled === 'upcoming',
    page: query.page,
    perPage: query.perPage,
  });
  return { data: rows.map(presentShopOrder), meta: listMeta(query.page, query.perPage, total) };
}
