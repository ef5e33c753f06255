import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type ClockDeps, clock } from '../../clock.ts';
import type { CartOwner, CartRepository } from './cart-repository.ts';
import { type CartScope, type CartShopper, cartScope } from './cart-shopper.ts';
import type { CouponContext } from './evaluate-coupon.ts';
import { viewCart } from './view-cart.ts';

export interface CartDeps extends ClockDeps {
  carts: CartRepository;
}

/** The shopper's cart of a service in their market; an empty one when they have none yet. */
export async function getCart(deps: CartDeps, shopper: CartShopper, service: ServiceId): Promise<Cart> {
  return cartOf(deps, await cartScope(deps, shopper), service);
}

export async function cartOf(deps: CartDeps, scope: CartScope, service: ServiceId): Promise<Cart> {
  const cartId = scope.owner ? await deps.carts.cartId(scope.owner, service, scope.market.countryCode) : undefined;
  if (!cartId || !scope.owner) return viewCart(service, scope.market, scope.languages, [], scope.point);
  const [rows, coupon] = await Promise.all([deps.carts.lines(cartId), couponContext(deps, cartId, scope.owner)]);
  return viewCart(service, scope.market, scope.languages, rows, scope.point, coupon);
}

/** The coupon on a cart with what judging it needs: the shopper's uses of it, and the time. */
export async function couponContext(
  deps: CartDeps,
  cartId: string,
  owner: CartOwner,
  tx?: Parameters<CartRepository['lines']>[1],
): Promise<CouponContext | undefined> {
  const offer = await deps.carts.cartCoupon(cartId, tx);
  if (!offer) return undefined;
  const usedByShopper = 'userId' in owner ? await deps.carts.redemptionsBy(offer.id, owner.userId, tx) : null;
  return { offer, usedByShopper, now: clock(deps) };
}
