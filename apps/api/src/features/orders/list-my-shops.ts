import type { CountryCode } from '@malewa/contracts/markets';
import type { MyShop } from '@malewa/contracts/orders/provider-orders';
import type { Principal } from '#api/plugins/access-control.ts';
import type { OrderRepository } from './order-repository.ts';

/** The shops the signed-in provider runs, for the console's shop switcher. */
export async function listMyShops(deps: { orders: OrderRepository }, principal: Principal): Promise<MyShop[]> {
  const shops = await deps.orders.shopsOf(principal.userId);
  return shops.map((shop) => ({ ...shop, countryCode: shop.countryCode as CountryCode }));
}
