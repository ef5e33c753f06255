import type { Tx } from '@malewa/db/database';
import type { CartRepository } from '../features/carts/cart-repository.ts';
import type { CatalogRepository } from '../features/catalog/catalog-repository.ts';
import type { OrderRepository } from '../features/orders/order-repository.ts';

export interface GiveBackDeps {
  carts: Pick<CartRepository, 'transaction' | 'forgetRedemption'>;
  catalog: Pick<CatalogRepository, 'returnStock' | 'returnCouponUse'>;
  orders: OrderRepository;
}

/**
 * What a cancelled or rejected order gives back, in the transaction that closes it: its units
 * to stock, and its coupon's use (to the coupon's total and to the shopper's count) once no
 * other live order of the same checkout still carries that coupon.
 */
export async function giveBack(
  deps: GiveBackDeps,
  tx: Tx,
  order: { id: string; checkoutId: string; userId: string; couponOfferId: string | null },
): Promise<void> {
  for (const line of await deps.orders.linesOf(tx, order.id)) {
    if (line.itemId) await deps.catalog.returnStock(tx, line.itemId, Math.ceil(line.quantityMilli / 1000));
  }
  if (
    order.couponOfferId &&
    !(await deps.orders.couponStillUsed(tx, order.checkoutId, order.id, order.couponOfferId))
  ) {
    await deps.catalog.returnCouponUse(tx, order.couponOfferId);
    await deps.carts.forgetRedemption(tx, order.couponOfferId, order.userId);
  }
}
