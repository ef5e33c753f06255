import type { CheckoutAllRequest } from '@malewa/contracts/orders/checkout-all';
import type { CartShopper } from '../features/carts/cart-shopper.ts';
import type { Principal } from '../plugins/access-control.ts';
import { type CheckoutDeps, type CheckoutOutcome, checkoutCarts } from './checkout.ts';

/**
 * "Pay all carts": the shopper's carts of several services in one checkout, one payment, one
 * transaction, still one order per provider; every rule of a cart's own checkout holds for
 * each cart (its address range, minimums, coupon, stock, a chef's time).
 */
export function checkoutAll(
  deps: CheckoutDeps,
  principal: Principal,
  shopper: CartShopper,
  idempotencyKey: string,
  { services, ...request }: CheckoutAllRequest,
): Promise<CheckoutOutcome> {
  return checkoutCarts(deps, principal, shopper, services, idempotencyKey, request);
}
