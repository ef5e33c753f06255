import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CartRepository } from './cart-repository.ts';
import { type CartScope, type CartShopper, cartScope } from './cart-shopper.ts';
import { viewCart } from './view-cart.ts';

export interface CartDeps {
  carts: CartRepository;
}

/** The shopper's cart of a service in their market; an empty one when they have none yet. */
export async function getCart(deps: CartDeps, shopper: CartShopper, service: ServiceId): Promise<Cart> {
  return cartOf(deps, await cartScope(deps, shopper), service);
}

export async function cartOf(deps: CartDeps, scope: CartScope, service: ServiceId): Promise<Cart> {
  const cartId = scope.owner ? await deps.carts.cartId(scope.owner, service, scope.market.countryCode) : undefined;
  const rows = cartId ? await deps.carts.lines(cartId) : [];
  return viewCart(service, scope.market, scope.languages, rows);
}
