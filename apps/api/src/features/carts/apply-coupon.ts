import type { ApplyCouponRequest } from '@malewa/contracts/carts/apply-coupon';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { type CartShopper, cartScope } from './cart-shopper.ts';
import { COUPON_PROBLEM_MESSAGES, couponRefusal } from './evaluate-coupon.ts';
import { type CartDeps, cartOf } from './get-cart.ts';
import { viewCart } from './view-cart.ts';

/**
 * Puts a coupon on the signed-in shopper's cart if it applies now; otherwise the refusal says
 * why (its `problem`, beside the `code` field's message) and the cart keeps what it had. Coupons are counted
 * per shopper, so a guest is asked to sign in first.
 */
export async function applyCoupon(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  request: ApplyCouponRequest,
): Promise<Cart> {
  const scope = await cartScope(deps, shopper);
  if (!shopper.principal) throw new AppError('UNAUTHENTICATED', COUPON_PROBLEM_MESSAGES.sign_in);
  const owner = { userId: shopper.principal.userId };
  const offer = await deps.carts.couponByCode(scope.market.countryCode, service, request.code);
  if (!offer) {
    throw new AppError('NOT_FOUND', 'No coupon has this code', { fields: { code: ['No coupon has this code'] } });
  }
  await deps.transaction(async () => {
    const cartId = await deps.carts.openCart(owner, service, scope.market.countryCode);
    const rows = await deps.carts.lines(cartId);
    const usedByShopper = await deps.carts.redemptionsBy(offer.id, owner.userId);
    const now = clock(deps);
    const judged = viewCart(service, scope.market, scope.languages, rows, scope.point, {
      coupon: { offer, usedByShopper, now },
      now,
    });
    const coupon = judged.coupon;
    if (coupon?.problem) {
      const message = COUPON_PROBLEM_MESSAGES[coupon.problem];
      throw new AppError('BUSINESS_RULE', message, {
        fields: { code: [message] },
        problem: couponRefusal(coupon.problem, coupon.minimumSubtotal),
      });
    }
    await deps.carts.setCoupon(cartId, offer.id);
  });
  return cartOf(deps, scope, service);
}
