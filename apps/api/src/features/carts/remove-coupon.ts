import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type CartShopper, cartScope } from './cart-shopper.ts';
import { type CartDeps, cartOf } from './get-cart.ts';

/** Takes the coupon off the shopper's cart (nothing to do when there is none). */
export async function removeCoupon(deps: CartDeps, shopper: CartShopper, service: ServiceId): Promise<Cart> {
  const scope = await cartScope(deps, shopper);
  if (scope.owner) {
    const owner = scope.owner;
    await deps.transaction(async () => {
      const cartId = await deps.carts.cartId(owner, service, scope.market.countryCode);
      if (cartId) await deps.carts.setCoupon(cartId, null);
    });
  }
  return cartOf(deps, scope, service);
}
