import type { Cart } from '@malewa/contracts/carts/cart';
import { AppError } from '../app-error.ts';
import { addCartLine } from '../features/carts/add-cart-line.ts';
import type { CartShopper } from '../features/carts/cart-shopper.ts';
import { type CartDeps, getCart } from '../features/carts/get-cart.ts';
import type { OrderRepository } from '../features/orders/order-repository.ts';
import type { Principal } from '../plugins/access-control.ts';

/**
 * Puts an order's lines back in the shopper's cart of the order's service and market, at
 * today's prices and with the same choices. A line that cannot be bought now is skipped and
 * named; the others go in, each as the cart's own add would put it.
 */
export async function reorder(
  deps: CartDeps & { orders: OrderRepository },
  principal: Principal,
  orderId: string,
  language: string | undefined,
): Promise<{ cart: Cart; skipped: { text: string; lang: string }[] }> {
  const order = await deps.orders.orderOf(principal.userId, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  const shopper: CartShopper = {
    principal,
    cartToken: undefined,
    storeId: order.countryCode,
    storeLocation: undefined,
    language,
  };
  const skipped: { text: string; lang: string }[] = [];
  for (const line of order.lines) {
    if (!line.itemSlug) {
      skipped.push(line.name);
      continue;
    }
    try {
      await addCartLine(deps, shopper, order.service, {
        item: line.itemSlug,
        quantity: line.quantityMilli / 1000,
        choices: line.choiceIndexes,
        substitution: 'best_match',
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push(line.name);
    }
  }
  return { cart: await getCart(deps, shopper, order.service), skipped };
}
